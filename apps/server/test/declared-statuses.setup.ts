import { afterAll, afterEach } from 'vitest';
import {
  reportUndeclaredStatusesTo,
  undeclaredStatusFailure,
  type UndeclaredStatus,
} from '../src/http/declared-statuses';

/**
 * Vitest setup (vitest.config.ts `setupFiles`): every server a test builds reports an answer
 * whose status its route does not declare (`config.docs.responses`, http/declared-statuses.ts),
 * and the test that made it fails, naming method, route and status. docs/api-errors.md lists
 * the refusals any route may answer undeclared.
 */
const undeclared: UndeclaredStatus[] = [];
reportUndeclaredStatusesTo((answer) => undeclared.push(answer));

function failOnUndeclared() {
  const found = undeclared.splice(0);
  if (found.length > 0) throw new Error(undeclaredStatusFailure(found));
}

afterEach(failOnUndeclared);
// Requests made in a file's beforeAll/afterAll hooks, after its last test.
afterAll(failOnUndeclared);
