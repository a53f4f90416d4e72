import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button, Form } from 'react-bootstrap';
import {
  RECOVERY_CODE_CHARS,
  messages,
  recoveryCodesRunningLow,
  type FlowResponse,
} from '@anybank/contracts';
import { FormError } from './FormError';
import { errorTextOf } from './login-model';
import { PrimaryButton, SecondaryButton } from './TabActions';

/**
 * The login modal's "Use a recovery code" under the ways the second factor is
 * asked, the code's entry, and after it how many codes are left. Not the forgot-password code
 * of tab 17 (RecoveryCodeTab.tsx).
 */

const text = messages.recoveryCodes;

/** Under the device choice (or a device's own step): shown when the customer has codes left. */
export function RecoveryCodeOffer({
  flow,
  busy,
  onUse,
}: {
  flow: FlowResponse;
  busy: boolean;
  onUse: () => void;
}) {
  if (!flow.recoveryCodeOffered) return null;
  return (
    <div className="text-center mt-3">
      <Button variant="link" disabled={busy} onClick={onUse}>
        {text.useOne}
      </Button>
    </div>
  );
}

/** What a login tab's view is given, as far as the offer needs it (login-tab-views.tsx). */
interface OfferContext {
  flow: FlowResponse | null;
  state: { busy: boolean };
  actions: { useRecoveryCode: () => void };
}

/**
 * A tab's view with the offer below it, where the second factor is asked: the tab itself (and
 * its list of devices) stays as it is. A view that shows nothing (null) still shows nothing.
 */
export function withRecoveryCodeOffer<C extends OfferContext>(
  view: (context: C) => ReactNode,
): (context: C) => ReactNode {
  return (context) => {
    const tab = view(context);
    if (tab === null || !context.flow) return tab;
    return (
      <>
        {tab}
        <RecoveryCodeOffer
          flow={context.flow}
          busy={context.state.busy}
          onUse={context.actions.useRecoveryCode}
        />
      </>
    );
  };
}

/** The code's entry (SIGN_IN_RECOVERY_CODE_REQUIRED). */
export function RecoveryCodeSignInTab({
  headingId,
  flow,
  busy,
  onSubmit,
  onChooseAnother,
}: {
  headingId: string;
  flow: FlowResponse;
  busy: boolean;
  /** Resolves true when the flow moved on; false clears the field and focuses it again. */
  onSubmit: (code: string) => Promise<boolean>;
  onChooseAnother: () => void;
}) {
  const [code, setCode] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const introId = useId();
  const serverError = errorTextOf(flow);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await onSubmit(code.trim()))) {
      setCode('');
      inputRef.current?.focus();
    }
  };

  return (
    <Form onSubmit={(event) => void submit(event)}>
      <h2 id={headingId} className="h4 mb-3">
        {text.entryHeading}
      </h2>
      <p id={introId}>{text.entryIntro}</p>
      <FormError id={errorId} message={serverError} />
      <Form.Group className="mb-3" controlId="login-recovery-code">
        <Form.Label>{text.label}</Form.Label>
        <Form.Control
          ref={inputRef}
          name="recoveryCode"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          // Two groups of five, a dash or a space between them.
          maxLength={RECOVERY_CODE_CHARS + 2}
          className="font-monospace"
          aria-describedby={[introId, serverError ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={serverError ? true : undefined}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </Form.Group>
      <PrimaryButton busy={busy} disabled={code.trim() === ''}>
        Submit
      </PrimaryButton>
      <SecondaryButton busy={busy} onClick={onChooseAnother}>
        {text.chooseAnother}
      </SecondaryButton>
    </Form>
  );
}

/** After the code (MFA_COMPLETED): it is spent, this many are left; at two or fewer, a nudge. */
export function RecoveryCodeUsedTab({
  headingId,
  left,
  busy,
  onContinue,
}: {
  headingId: string;
  left: number;
  busy: boolean;
  onContinue: () => void;
}) {
  const continueRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    continueRef.current?.focus();
  }, []);
  return (
    <div>
      <h2 id={headingId} className="h4 mb-3">
        {text.usedHeading}
      </h2>
      <p className="display-6 mb-2" data-testid="recovery-codes-left">
        {text.left(left)}
      </p>
      <p role="status">{text.leftSentence(left)}</p>
      {recoveryCodesRunningLow(left) && (
        <div className="alert alert-warning" role="alert">
          {text.lowNudge}
        </div>
      )}
      <PrimaryButton busy={busy} type="button" onClick={onContinue} buttonRef={continueRef}>
        {text.continue}
      </PrimaryButton>
    </div>
  );
}
