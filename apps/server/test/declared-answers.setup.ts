import { afterAll, afterEach } from 'vitest';
import {
  reportUndeclaredAnswersTo,
  undeclaredAnswerFailure,
  type UndeclaredAnswer,
} from '../src/http/declared-answers';

/**
 * Vitest setup (vitest.config.ts `setupFiles`): every server a test builds reports an answer
 * its route does not declare (`config.docs.responses`: a status, a refusal's code, a body its
 * schema refuses; http/declared-answers.ts), and the test that made it fails, naming method,
 * route, status, code and what is undeclared. docs/api-errors.md lists the refusals any route
 * may answer undeclared.
 */
const undeclared: UndeclaredAnswer[] = [];
reportUndeclaredAnswersTo((answer) => undeclared.push(answer));

function failOnUndeclared() {
  const found = undeclared.splice(0);
  if (found.length > 0) throw new Error(undeclaredAnswerFailure(found));
}

afterEach(failOnUndeclared);
// Requests made in a file's beforeAll/afterAll hooks, after its last test.
afterAll(failOnUndeclared);
