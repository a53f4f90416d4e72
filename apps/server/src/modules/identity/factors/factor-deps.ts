import type { Database } from '../../../db/database';
import type { ChallengeService } from '../challenge/challenge.service';
import type { MessagingService, SecurityNotices } from '../../messaging';
import type { OtpService } from '../credentials/otp.service';
import type { PasswordService } from '../credentials/password.service';
import type { PushService } from '../devices/push.service';
import type { SecretBox } from '../devices/secret-box';
import type { WebAuthnRelyingParty } from '../devices/webauthn';
import type { RecoveryCodeService } from './recovery-code/recovery-code.service';

/** What the factors use: the database, the code and message services, the devices' parts. */
export interface FactorDeps {
  db: Database;
  /** The challenge engine: the codes, the phone and every method it alone registers. */
  challenges: ChallengeService;
  otp: OtpService;
  messaging: MessagingService;
  passwords: PasswordService;
  push: PushService;
  secrets: SecretBox;
  webauthn: WebAuthnRelyingParty;
  /** The customer's recovery codes. */
  recoveryCodes: RecoveryCodeService;
  /** E-mails the owner of a replayed authenticator-app code (optional in tests). */
  notices?: Pick<SecurityNotices, 'tell'>;
  /** Where a phone number without `+` is read (config; US when left out). */
  phoneCountry?: string;
  /** The server's clock: a held new contact signs in only from its time (`deviceInUseAt`). */
  clock?: () => Date;
}
