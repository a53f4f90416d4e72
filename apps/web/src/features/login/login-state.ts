import type { ErrorContent } from '../../lib/error-catalogue';

/**
 * What the login modal holds besides the server's flow response (document 1 §4.1, §8), and the
 * one reducer that changes it. The flow response itself stays the server's (session item
 * `flowResponse`); nothing here decides a flow step.
 */

/** What the modal remembers beside the flow response (§4.1, §8). */
export interface LoginFlags {
  /**
   * The identifier step failed (IDFirst): what tab 1 says, 'Invalid username.' for an unknown
   * username or the server's userMessage for another reason (a portal's wrong user type).
   * Null: no such failure.
   */
  invalidUsername: string | null;
  /** OTP_ATTEMPTS_LIMIT was reached: tab 3 shows the lockout notice. */
  otpAttemptsLimit: boolean;
  /**
   * The phone's approval was denied or timed out: the modal cancelled it, and the next tab
   * (another method, usually) says so.
   */
  pushFailed: boolean;
  /** On the pairing offer (tab 8) the person chose to add a device: tab 9 lists the types. */
  addingDevice: boolean;
  /** A pairing step failed in a way the step cannot show: tab 12 says so. */
  pairingFailed: boolean;
  /**
   * Forgot username, beside the flow (tabs 4 and 5): null when not asked; `sentTo` is null
   * while the address is being entered, then the address the username went to.
   */
  forgotUsername: { sentTo: string | null } | null;
  /**
   * "Don't ask again on this browser" is ticked; said with the step that follows
   * the second factor (`continueAuthentication`).
   */
  rememberBrowser: boolean;
}

export const NO_FLAGS: LoginFlags = {
  invalidUsername: null,
  otpAttemptsLimit: false,
  pushFailed: false,
  addingDevice: false,
  pairingFailed: false,
  forgotUsername: null,
  rememberBrowser: false,
};

export interface LoginModalState {
  flags: LoginFlags;
  /** A notice above tab 1's form (the risk call failed). */
  notice: string | null;
  /** A request is on its way: the tab's buttons wait. */
  busy: boolean;
  /** The error modal's content; the login modal hides while it shows. */
  error: ErrorContent | null;
}

/** A pairing from the profile page starts at the device types (tab 9), or at the limit (tab 8). */
export function initialLoginState(addingDevice: boolean): LoginModalState {
  return { flags: { ...NO_FLAGS, addingDevice }, notice: null, busy: false, error: null };
}

export type LoginEvent =
  | { type: 'busy'; busy: boolean }
  | { type: 'notice'; notice: string | null }
  | { type: 'error'; error: ErrorContent }
  /** Only the flags named change. */
  | { type: 'flags'; flags: Partial<LoginFlags> };

export function loginReducer(state: LoginModalState, event: LoginEvent): LoginModalState {
  switch (event.type) {
    case 'busy':
      return { ...state, busy: event.busy };
    case 'notice':
      return { ...state, notice: event.notice };
    case 'error':
      return { ...state, error: event.error };
    case 'flags':
      return { ...state, flags: { ...state.flags, ...event.flags } };
  }
}
