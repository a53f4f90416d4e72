import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rules that keep "prove it is you" in one engine (ADR 0026), run through the
// repository's own configuration as `npm run lint` runs them.
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });
const messagesOf = async (file: string, code: string) =>
  (await eslint.lintText(code, { filePath: path.join(ROOT, file) }))[0]!.messages
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);

const NAMED = /A device type is named only in its method’s folder/;
const SERVER = 'apps/server/src/modules';

describe('a device type is named only by its method', () => {
  it.each([
    [
      'a comparison',
      `${SERVER}/banking/new.service.ts`,
      "export const f = (d: { type: string }) => d.type === 'iPhone';\n",
    ],
    [
      'a type property',
      `${SERVER}/directory/new.ts`,
      "export const d = { type: 'Email', name: 'Email' };\n",
    ],
    ['a list', `${SERVER}/identity/flow/new.rules.ts`, "export const T = ['FIDO2', 'PLATFORM'];\n"],
    [
      'a record key',
      'apps/web/src/features/profile/new.ts',
      "export const L = { TOTP: 'Authenticator app' };\n",
    ],
    ['a literal type', 'packages/contracts/src/new.ts', "export type T = 'SMS' | 'Email';\n"],
    [
      'a switch case',
      `${SERVER}/messaging/new.rules.ts`,
      "export function f(t: string) {\n  switch (t) {\n    case 'SECURITY_KEY':\n      return 1;\n    default:\n      return 0;\n  }\n}\n",
    ],
  ])('refuses %s outside a method folder', async (_what, file, code) => {
    const messages = await messagesOf(file, code);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages).toEqual(messages.map(() => expect.stringMatching(NAMED)));
  });

  it.each([
    `${SERVER}/identity/challenge/methods/phone-push/phone-push.device.ts`,
    `${SERVER}/identity/factors/passkey/passkey.device.ts`,
    'apps/server/src/db/schema/directory.ts',
    'apps/server/src/seed/new.ts',
  ])('lets %s name it', async (file) => {
    expect(await messagesOf(file, "export const d = { type: 'iPhone' };\n")).toEqual([]);
  });

  it('leaves words that are no device type alone', async () => {
    const code = "export const channels = [{ channel: 'email', label: 'Email' }];\n";
    expect(await messagesOf(`${SERVER}/consents/new.ts`, code)).toEqual([]);
  });
});

describe('a one-time code is checked in one place', () => {
  const code = "declare const otp: { verify(x: string): void };\notp.verify('1');\n";

  it('refuses otp.verify anywhere but the engine’s code method', async () => {
    expect(await messagesOf(`${SERVER}/banking/new.service.ts`, code)).toEqual([
      expect.stringMatching(/checked by the challenge engine only/),
    ]);
    expect(await messagesOf(`${SERVER}/identity/factors/email-code/new.ts`, code)).toEqual([
      expect.stringMatching(/checked by the challenge engine only/),
    ]);
    expect(await messagesOf(`${SERVER}/identity/challenge/methods/one-time-code.ts`, code)).toEqual(
      [],
    );
  });
});
