import { describe, expect, it } from 'vitest';
import { PHISHING_DEMO_SUBJECT } from '@anybank/contracts';
import { lookalikeHost, phishingEmailFor, sameEmailAddress } from './admin.rules';

describe('the phishing demo e-mail', () => {
  const email = phishingEmailFor({
    firstName: 'John',
    lastName: 'Smith',
    host: 'demo.anybank.com',
  });

  it('greets the customer by name and urges them to follow a link to a look-alike address', () => {
    expect(email.subject).toBe(PHISHING_DEMO_SUBJECT);
    expect(email.body).toMatch(/^Dear John Smith,/);
    expect(email.body).toContain('https://demo-anybank-com-secure-login.example/verify-account');
    expect(email.body).toContain('within 24 hours');
  });

  it('says at the end that it is a demonstration, and which signs gave it away', () => {
    const footer = email.body.slice(email.body.lastIndexOf('--'));
    expect(footer).toContain('phishing demonstration');
    expect(footer).toContain('demo.anybank.com');
    expect(footer).toContain('never asks you to sign in through a link');
  });

  it.each([
    ['localhost', 'localhost-secure-login.example'],
    ['AnyBank.Example.COM', 'anybank-example-com-secure-login.example'],
    [undefined, 'anybank-secure-login.example'],
    ['---', 'anybank-secure-login.example'],
  ])('the look-alike of %s is %s, under the reserved .example', (host, expected) => {
    expect(lookalikeHost(host)).toBe(expected);
  });
});

describe('whose address the phishing e-mail may go to', () => {
  it.each([
    ['john.smith@example.com', 'john.smith@example.com', true],
    [' John.Smith@Example.com ', 'john.smith@example.com', true],
    ['jane.doe@example.com', 'john.smith@example.com', false],
  ])('%s as %s: %s', (to, own, expected) => {
    expect(sameEmailAddress(to, own)).toBe(expected);
  });
});
