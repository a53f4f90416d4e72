import type { Database } from '../../../../db/database';
import type { MessagingService, SecurityNotices } from '../../../messaging';
import type { OtpService } from '../../credentials/otp.service';
import type { PasswordService } from '../../credentials/password.service';
import type { PushService } from '../../devices/push.service';
import type { SecretBox } from '../../devices/secret-box';
import type { WebAuthnRelyingParty } from '../../devices/webauthn';
import type { RecoveryCodeService } from '../../factors/recovery-code/recovery-code.service';

/**
 * The bank's own CIBA client (oauth/ciba-approvals.ts): asks the customer's phone to approve
 * the binding message through a backchannel authentication request, then reads the answer on
 * the token endpoint. What the phone-push method approves money with.
 */
export interface BackchannelApprovals {
  /** Starts the request; answers its auth_req_id. */
  request(input: {
    userId: string;
    bindingMessage: string;
    lines: Record<string, string>;
    /** The caller's id of what is approved (a transfer, a consent) and the purpose's context. */
    reference: string;
    context: Record<string, unknown>;
  }): Promise<string>;
  /** One read of the request's answer. */
  poll(authReqId: string): Promise<'pending' | 'approved' | 'denied' | 'expired'>;
}

/** What the methods may use: the database, the code, message and push services, the keys. */
export interface MethodDeps {
  db: Database;
  otp: OtpService;
  messaging: MessagingService;
  passwords: PasswordService;
  push: PushService;
  /** Null where no OAuth server runs (unit tests): money is then approved by a code only. */
  backchannel: BackchannelApprovals | null;
  secrets: SecretBox;
  webauthn: WebAuthnRelyingParty;
  recoveryCodes: RecoveryCodeService;
  /** E-mails the owner of a replayed authenticator-app code (optional in tests). */
  notices?: Pick<SecurityNotices, 'tell'>;
  /** Where a phone number without `+` is read (config; US when left out). */
  phoneCountry?: string;
  clock: () => Date;
}
