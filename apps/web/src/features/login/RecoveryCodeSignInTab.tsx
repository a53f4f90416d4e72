import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { messages, recoveryCodesRunningLow, type FlowResponse } from '@anybank/contracts';
import { PrimaryButton } from './TabActions';

/**
 * The login modal's "Use a recovery code" under the ways the second factor is asked, and after
 * the code how many are left. The code's entry is the server's prompt (ChallengeTab.tsx). Not
 * the forgot-password code of tab 17 (RecoveryCodeTab.tsx).
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
