import type { Database } from '../../../db/database';
import type { MessagingService } from '../../messaging';
import type { OtpService } from '../credentials/otp.service';
import type { PasswordService } from '../credentials/password.service';
import type { PushService } from '../devices/push.service';
import type { SecretBox } from '../devices/secret-box';
import type { WebAuthnRelyingParty } from '../devices/webauthn';

/** What the factors use: the database, the code and message services, the devices' parts. */
export interface FactorDeps {
  db: Database;
  otp: OtpService;
  messaging: MessagingService;
  passwords: PasswordService;
  push: PushService;
  secrets: SecretBox;
  webauthn: WebAuthnRelyingParty;
}

/** The one-time code purposes of a sign-in's factor and of pairing one. */
export const SIGN_IN_CODE_PURPOSE = 'signin';
export const PAIRING_CODE_PURPOSE = 'pairing';
