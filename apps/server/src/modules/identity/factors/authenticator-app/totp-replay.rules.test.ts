import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpFor } from '../../devices/totp.rules';
import { isTotpReplay } from './totp-replay.rules';

const SECRET = newTotpSecret();
const NOW = Date.UTC(2026, 10, 26, 12, 0, 15);
const STEP = Math.floor(NOW / 30_000);
const codeAt = (step: number) => totpFor(SECRET, 'test').generate({ timestamp: step * 30_000 });

describe('an authenticator-app code replayed within its window', () => {
  it.each([
    ['the code of the step last used', codeAt(STEP), STEP, true],
    [
      'the code of the step before the last used (still in the window)',
      codeAt(STEP - 1),
      STEP,
      true,
    ],
    ['a newer code than the last used', codeAt(STEP), STEP - 1, false],
    ['any code when none was used yet', codeAt(STEP), null, false],
    ['a wrong code', '000000', STEP, codeAt(STEP) === '000000'],
    ['a code outside the window', codeAt(STEP - 5), STEP, false],
  ])('%s: replay %s', (_case, code, lastUsed, replay) => {
    expect(isTotpReplay(SECRET, code, NOW, lastUsed)).toBe(replay);
  });
});
