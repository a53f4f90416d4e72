import type { ReactNode } from 'react';
import { messages, passkeyMessages } from '@anybank/contracts';
import type { FlowResponse } from '@anybank/contracts';
import type { FidoCompatibility } from './fido-compatibility';
import { AuthenticatorAppTab } from './AuthenticatorAppTab';
import { ChallengeTab } from './ChallengeTab';
import { DeviceSelectionTab } from './DeviceSelectionTab';
import { FidoTab } from './FidoTab';
import { ForgotUsernameTab } from './ForgotUsernameTab';
import { IdentifierTab } from './IdentifierTab';
import type { LoginActions } from './login-actions';
import { errorTextOf, failureTextsOf, otpErrorTextOf } from './login-model';
import type { LoginModalState } from './login-state';
import type { LoginTabName } from './login-tabs';
import { NewPasswordTab } from './NewPasswordTab';
import { qrCodeFor } from './orchestration-api';
import { OutcomeTab } from './OutcomeTab';
import { PairingCodeTab } from './PairingCodeTab';
import { PairingMethodTab } from './PairingMethodTab';
import { PairingOfferTab } from './PairingOfferTab';
import { PairingResultTab } from './PairingResultTab';
import { PairingTargetTab } from './PairingTargetTab';
import { RecoveryCodeTab } from './RecoveryCodeTab';
import { RecoveryCodeUsedTab, withRecoveryCodeOffer } from './RecoveryCodeSignInTab';
import { RecoveryUsernameTab } from './RecoveryUsernameTab';
import { RememberBrowserField } from './RememberBrowserField';
import { WaitingTab } from './WaitingTab';

/** What every tab's view is given: the flow response, the modal's state and what it can do. */
export interface LoginTabContext {
  headingId: string;
  flow: FlowResponse | null;
  state: LoginModalState;
  compatibility: FidoCompatibility | null;
  actions: LoginActions;
  tryAgain: () => void;
}

/** A tab's view; null when the flow response it needs is missing (the failure tab shows). */
type TabView = (context: LoginTabContext) => ReactNode;

/** A view of a tab that shows a flow response, which `tabNameFor` only picks with one. */
const withFlow =
  (view: (context: LoginTabContext & { flow: FlowResponse }) => ReactNode): TabView =>
  (context) =>
    context.flow ? view({ ...context, flow: context.flow }) : null;

const identifier: TabView = ({ headingId, flow, state, actions }) => (
  <IdentifierTab
    headingId={headingId}
    flow={flow}
    flags={state.flags}
    notice={state.notice}
    busy={state.busy}
    onSubmitIdentifier={actions.submitIdentifier}
    onSubmitPassword={actions.submitPassword}
    onForgotUsername={actions.forgotUsername}
    onForgotPassword={actions.forgotPassword}
    passkeys={{ options: actions.passkeyOptions, signIn: actions.signInWithPasskey }}
  />
);

/** "Don't ask again on this browser", where the flow offers it. */
const rememberField = (
  flow: FlowResponse | null,
  state: LoginModalState,
  actions: LoginActions,
) => (
  <RememberBrowserField
    offered={flow?.rememberBrowserOffered === true}
    checked={state.flags.rememberBrowser}
    onChange={actions.setRememberBrowser}
  />
);

const pushNotice = (state: LoginModalState) =>
  state.flags.pushFailed ? messages.login.pushRejectedOrTimedOut : null;

/** The registry: each tab's name (login-tabs.ts, with its §2.4 number) and its view. */
export const LOGIN_TAB_VIEWS: Record<LoginTabName, TabView> = {
  identifier,
  password: identifier,
  // No username to type (the flow knows who it is), no recovery: this is not a sign-in.
  stepUpPassword: ({ headingId, flow, state, actions }) => (
    <ChallengeTab
      headingId={headingId}
      heading={messages.stepUp.heading}
      flow={flow}
      serverError={errorTextOf(flow)}
      busy={state.busy}
      onSubmit={(answer) =>
        actions.submitPassword({
          username: flow?.username ?? '',
          password: answer.password ?? '',
          rememberMyUsername: false,
        })
      }
      onCancel={actions.chooseAnotherWay}
    />
  ),
  deviceSelection: withRecoveryCodeOffer(
    withFlow(({ headingId, flow, state, compatibility, actions }) => (
      <DeviceSelectionTab
        headingId={headingId}
        flow={flow}
        compatibility={compatibility}
        notice={pushNotice(state)}
        busy={state.busy}
        onSelect={actions.selectDevice}
      />
    )),
  ),
  // Tab 3: a sign-in code, or the code that verifies the customer's identity for the
  // credit-card application (ADR 0015), which says so; the lockout notice at the limit.
  otp: withRecoveryCodeOffer(({ headingId, flow, state, actions, tryAgain }) => {
    const heading =
      flow?.status === 'IDENTITY_VERIFICATION_REQUIRED'
        ? messages.creditCard.verificationHeading
        : 'Enter your one-time code';
    return state.flags.otpAttemptsLimit ? (
      <OutcomeTab
        headingId={headingId}
        heading={heading}
        tone="failure"
        action="Try Again"
        onAction={tryAgain}
      >
        {messages.login.otpAttemptsLimit}
      </OutcomeTab>
    ) : (
      <ChallengeTab
        headingId={headingId}
        heading={heading}
        flow={flow}
        serverError={otpErrorTextOf(flow)}
        busy={state.busy}
        onSubmit={(answer) => actions.checkOtp(answer.code ?? '')}
        extra={rememberField(flow, state, actions)}
      />
    );
  }),
  forgotUsername: ({ headingId, state, actions }) => (
    <ForgotUsernameTab
      headingId={headingId}
      busy={state.busy}
      onSubmit={actions.submitForgotUsername}
      onBack={actions.backToSignIn}
    />
  ),
  usernameSent: ({ headingId, state, actions }) =>
    state.flags.forgotUsername?.sentTo ? (
      <OutcomeTab
        headingId={headingId}
        heading="Check your email"
        tone="success"
        action="Back to sign in"
        onAction={actions.backToSignIn}
      >
        We sent your username to <strong>{state.flags.forgotUsername.sentTo}</strong>.
      </OutcomeTab>
    ) : null,
  waiting: ({ headingId, flow }) => (
    <WaitingTab headingId={headingId} status={flow?.status ?? null} />
  ),
  // Tab 7: the phone asked; the modal polls the flow until the app answers (usePushPolling,
  // document 1 §4.3), so the prompt's wait only says so.
  push: withRecoveryCodeOffer(({ headingId, flow, state, actions }) => {
    const waiting = flow?.status === 'PUSH_CONFIRMATION_WAITING' && errorTextOf(flow) === null;
    return (
      <ChallengeTab
        headingId={headingId}
        heading="Approve the sign-in on your phone"
        focusHeading
        flow={flow}
        serverError={errorTextOf(flow) ?? pushNotice(state)}
        waiting={waiting}
        busy={state.busy}
        onCancel={actions.chooseAnotherWay}
        extra={waiting ? rememberField(flow, state, actions) : null}
      />
    );
  }),
  pairingOffer: withFlow(({ headingId, flow, state, actions }) => (
    <PairingOfferTab
      headingId={headingId}
      flow={flow}
      busy={state.busy}
      onAddDevice={actions.addDevice}
      onContinue={actions.continueAuthentication}
    />
  )),
  pairingMethod: withFlow(({ headingId, flow, state, compatibility, actions }) => (
    <PairingMethodTab
      headingId={headingId}
      flow={flow}
      compatibility={compatibility ?? 'NONE'}
      busy={state.busy}
      onSelect={actions.selectPairingMethod}
      onCancel={actions.cancelPairing}
    />
  )),
  pairingTarget: withFlow(({ headingId, flow, state, actions }) => (
    <PairingTargetTab
      headingId={headingId}
      flow={flow}
      busy={state.busy}
      onSubmit={actions.submitPairingTarget}
      onCancel={actions.cancelPairing}
    />
  )),
  pairingCode: withFlow(({ headingId, flow, state, actions }) => (
    <PairingCodeTab
      headingId={headingId}
      flow={flow}
      busy={state.busy}
      onSubmit={actions.activateWithCode}
      onCancel={actions.cancelPairing}
    />
  )),
  pairingResult: ({ headingId, flow, state, actions }) => (
    <PairingResultTab
      headingId={headingId}
      flow={flow}
      failed={state.flags.pairingFailed}
      busy={state.busy}
      onContinue={actions.continueAfterPairing}
    />
  ),
  passkeyRegistration: withFlow(({ headingId, flow, state, actions }) => (
    <FidoTab
      headingId={headingId}
      flow={flow}
      busy={state.busy}
      onAnswer={actions.activateWithAttestation}
      onLeave={actions.cancelPairing}
    />
  )),
  // Tab 14: the passkey is asked as the tab opens (document 1 §4.4).
  assertion: withRecoveryCodeOffer(
    withFlow(({ headingId, flow, state, actions }) => (
      <ChallengeTab
        headingId={headingId}
        heading="Confirm with your passkey or security key"
        focusHeading
        flow={flow}
        busy={state.busy}
        onAssertion={actions.checkAssertion}
        onCancel={actions.chooseAnotherWay}
      />
    )),
  ),
  newPassword: withFlow(({ headingId, flow, state, actions }) => (
    <NewPasswordTab
      headingId={headingId}
      flow={flow}
      busy={state.busy}
      onSubmit={actions.resetPassword}
    />
  )),
  authenticatorApp: withFlow(({ headingId, flow, state, actions }) => (
    <AuthenticatorAppTab
      headingId={headingId}
      flow={flow}
      busy={state.busy}
      qrCodeFor={qrCodeFor}
      onSubmit={actions.activateWithCode}
      onCancel={actions.cancelPairing}
    />
  )),
  recoveryUsername: withFlow(({ headingId, flow, state, actions }) => (
    <RecoveryUsernameTab
      headingId={headingId}
      flow={flow}
      busy={state.busy}
      onSubmit={actions.submitRecoveryUsername}
    />
  )),
  recoveryCode: withFlow(({ headingId, flow, state, actions }) => (
    <RecoveryCodeTab
      headingId={headingId}
      flow={flow}
      busy={state.busy}
      onSubmit={actions.recoverAccount}
    />
  )),
  recoveryCodeSignIn: withFlow(({ headingId, flow, state, actions }) => (
    <ChallengeTab
      headingId={headingId}
      heading={messages.recoveryCodes.entryHeading}
      flow={flow}
      serverError={errorTextOf(flow)}
      busy={state.busy}
      onSubmit={(answer) => actions.checkRecoveryCode(answer.recoveryCode ?? '')}
      onCancel={actions.chooseAnotherWay}
    />
  )),
  recoveryCodeUsed: ({ headingId, flow, state, actions }) => (
    <RecoveryCodeUsedTab
      headingId={headingId}
      left={flow?.recoveryCodesLeft ?? 0}
      busy={state.busy}
      onContinue={actions.continueAuthentication}
    />
  ),
  // Tab 18: Continue goes back to the username (tab 1).
  // A passkey-only account's recovery ends here too, with its new passkey.
  passwordResetDone: ({ headingId, flow, state, actions }) => (
    <OutcomeTab
      headingId={headingId}
      heading={flow?.passkeyRecovery ? 'Passkey added' : 'Password changed'}
      tone="success"
      action="Continue"
      busy={state.busy}
      onAction={actions.continueAuthentication}
    >
      {flow?.passkeyRecovery
        ? passkeyMessages.passkeyRecoveryDone
        : messages.login.passwordResetDone}
    </OutcomeTab>
  ),
  // Tab 19: the flow failed (in recovery: its message and userMessage, §4.1).
  failure: ({ headingId, flow, tryAgain }) => (
    <OutcomeTab
      headingId={headingId}
      heading="We could not sign you in"
      tone="failure"
      action="Try Again"
      onAction={tryAgain}
    >
      {failureTextsOf(flow).map((text) => (
        <p key={text} className="mb-0">
          {text}
        </p>
      ))}
    </OutcomeTab>
  ),
};
