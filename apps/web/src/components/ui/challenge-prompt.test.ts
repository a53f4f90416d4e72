import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { challengePromptMessages as words, type PromptForm } from '@anybank/contracts';
import type { ChallengePromptProps } from './ChallengePrompt';
import {
  asksForInput,
  emptyValues,
  firstInvalidInput,
  htmlPatternOf,
  answerValues,
} from './challenge-prompt-model';

/** A code prompt as the server draws one (challenge/prompt-form.ts). */
const CODE: PromptForm = {
  method: 'email-code',
  linking: null,
  nodes: [
    { type: 'text', text: words.signInCodeSentTo('j***@example.com') },
    {
      type: 'input',
      name: 'code',
      label: words.signInCodeLabel,
      inputMode: 'numeric',
      autocomplete: 'one-time-code',
      pattern: '^[0-9]{6}$',
      invalidMessage: words.codeSixDigits,
      maxLength: 6,
    },
    { type: 'button', name: 'submit', label: words.signInSubmit, action: 'submit' },
    { type: 'button', name: 'cancel', label: 'Cancel', action: 'cancel' },
  ],
};

const PASSWORD: PromptForm = {
  method: 'password',
  linking: null,
  nodes: [
    {
      type: 'input',
      name: 'password',
      label: 'Password',
      inputMode: 'text',
      autocomplete: 'current-password',
      pattern: '^[\\s\\S]+$',
      invalidMessage: words.passwordMissing,
      maxLength: 256,
    },
  ],
};

const PUSH: PromptForm = {
  method: 'phone-push',
  linking: null,
  nodes: [
    { type: 'wait', text: words.signInWaitForPhone('iPhone'), pollAfterMs: 3000 },
    { type: 'button', name: 'cancel', label: words.chooseAnotherWay, action: 'cancel' },
  ],
};

const PASSKEY: PromptForm = {
  method: 'passkey',
  linking: null,
  nodes: [
    {
      type: 'webauthn',
      text: words.passkeyAsking,
      label: words.passkeyTryAgain,
      options: { challenge: 'abc' },
    },
  ],
};

// The brand's default comes with the page's configuration (lib/config.ts reads index.html's
// meta tag once): a page without it, as a browser would have.
vi.stubGlobal('document', { querySelector: () => null });
vi.stubGlobal('window', { location: new URL('http://localhost/') });
const { ChallengePrompt } = await import('./ChallengePrompt');
vi.unstubAllGlobals();

const draw = (props: Partial<ChallengePromptProps> & { form: PromptForm }) =>
  renderToStaticMarkup(createElement(ChallengePrompt, props));

describe('the prompt form, checked before it is sent', () => {
  it('knows a form that asks for something typed, and starts it empty', () => {
    expect(asksForInput(CODE)).toBe(true);
    expect(asksForInput(PUSH)).toBe(false);
    expect(emptyValues(CODE)).toEqual({ code: '' });
  });

  it('refuses an answer that does not match the pattern, with the node’s words', () => {
    expect(firstInvalidInput(CODE, { code: '12345' })).toEqual({
      name: 'code',
      message: words.codeSixDigits,
    });
    expect(firstInvalidInput(CODE, { code: '12a456' })?.name).toBe('code');
    expect(firstInvalidInput(CODE, {})?.name).toBe('code');
    expect(firstInvalidInput(CODE, { code: ' 123456 ' })).toBeNull();
  });

  it('sends answers without surrounding spaces, and gives the browser an unanchored pattern', () => {
    expect(answerValues(CODE, { code: ' 123456 ' })).toEqual({ code: '123456' });
    expect(answerValues(PASSWORD, { password: ' secret ' })).toEqual({ password: ' secret ' });
    expect(htmlPatternOf('^[0-9]{6}$')).toBe('[0-9]{6}');
  });
});

describe('ChallengePrompt', () => {
  it('draws a code: its words, a labelled field, Submit in a form, Cancel as a plain button', () => {
    const html = draw({ form: CODE });
    expect(html).toContain('<form');
    expect(html).toMatch(/<label[^>]*for="([^"]+)"[^>]*>One-time code<\/label>/);
    const labelFor = /<label[^>]*for="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`id="${labelFor}"`);
    expect(html).toContain('inputMode="numeric"');
    expect(html).toContain('autoComplete="one-time-code"');
    expect(html).toContain('maxLength="6"');
    expect(html).toMatch(/<button type="submit"[^>]*>Submit<\/button>/);
    expect(html).toMatch(/<button type="button"[^>]*>Cancel<\/button>/);
    expect(html).not.toContain('role="alert"');
    // The field is described by the sentence before it: what to type, where it went.
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<p id="${describedBy}">${words.signInCodeSentTo('j***@example.com')}`);
  });

  it('announces a server refusal in an alert the field is described by', () => {
    const html = draw({ form: CODE, serverError: 'Wrong code' });
    expect(html).toMatch(/<div id="([^"]+)" role="alert"[^>]*>Wrong code<\/div>/);
    const alertId = /<div id="([^"]+)" role="alert"/.exec(html)?.[1];
    expect(html).toMatch(new RegExp(`aria-describedby="[^"]* ${alertId}"`));
    expect(html).toContain('aria-invalid="true"');
  });

  it('types a password hidden', () => {
    expect(draw({ form: PASSWORD })).toContain('type="password"');
  });

  it('shows the linking words the server put first', () => {
    const form: PromptForm = {
      ...CODE,
      linking: '$1.00 to Jane',
      nodes: [{ type: 'text', text: words.confirming('$1.00 to Jane') }, ...CODE.nodes],
    };
    expect(draw({ form })).toContain('You are confirming: $1.00 to Jane');
  });

  it('waits for the phone in a live status, with the brand filled in; not once it ended', () => {
    const html = draw({ form: PUSH });
    expect(html).not.toContain('<form');
    expect(html).toMatch(/role="status"/);
    expect(html).toContain('We sent a notification to your iPhone. Approve it in the AnyBank app.');
    expect(html).toContain(words.chooseAnotherWay);
    expect(draw({ form: PUSH, waiting: false })).not.toContain('role="status"');
  });

  it('asks for a passkey: a status while the browser asks, the button otherwise', () => {
    expect(draw({ form: PASSKEY, passkeyPhase: 'asking' })).toContain(words.passkeyAsking);
    expect(draw({ form: PASSKEY, passkeyPhase: 'checking' })).toContain(words.passkeyChecking);
    const idle = draw({ form: PASSKEY, passkeyPhase: 'idle', onPasskey: () => undefined });
    expect(idle).toMatch(/<button type="button"[^>]*>Try Again<\/button>/);
    expect(idle).not.toContain('disabled');
  });

  it('disables its buttons while the caller waits for the server', () => {
    const html = draw({ form: CODE, busy: true });
    expect(html).toMatch(/<button type="submit"[^>]*disabled/);
    expect(html).toContain('aria-busy="true"');
  });
});
