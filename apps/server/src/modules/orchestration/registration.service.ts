import { randomUUID } from 'node:crypto';
import {
  OTP_MAX_ATTEMPTS,
  messages,
  orchestrationMessages,
  type RegistrationResponse,
  deliveryMessages,
} from '@anybank/contracts';
import type { Database } from '../../db/database';
import { uniqueViolationOf } from '../../db/unique-violation';
import { DomainError } from '../../domain-error';
import { countAuditEvents, insertAuditEvent } from '../audit';
import { openAccountsWithOpeningDeposits } from '../banking';
import { DEVICE_OF_TARGET, type DirectoryService } from '../directory';
import { generateOtp, hashCode, hashesMatch, hashNewPassword, type SecretBox } from '../identity';
import type { MessagingService } from '../messaging';
import type { PasskeyDevice, PasskeyRegistration, PasskeyTicket } from './passkey-registration';
import {
  REGISTRATION_TTL_MS,
  fieldOfUserConstraint,
  limitReached,
  readTicket,
  windowStart,
  type EmailLimit,
  type RegistrationTicket,
} from './orchestration.rules';
import { lockCodeReference } from './orchestration.store';
import { fieldErrors, type FieldError } from './policy';

/** The one-time code's purpose: a code sent for a registration works for nothing else. */
export const REGISTRATION_CODE_PURPOSE = 'registration';

/** Verification codes one address may receive: enough to retry, too few to flood a mailbox. */
export const VERIFICATION_EMAIL_LIMIT: EmailLimit = {
  subject: orchestrationMessages.verificationSubject,
  max: 5,
  windowMs: 15 * 60 * 1000,
};

export interface RegistrationDeps {
  db: Database;
  directory: Pick<DirectoryService, 'takenIdentifiers' | 'createEntry'>;
  messaging: Pick<MessagingService, 'send' | 'countEmailsSentTo'>;
  secrets: SecretBox;
  signingSecret: string;
  clock: () => Date;
  /** "Create an account with a passkey"; without it, only passwords. */
  passkeys?: PasskeyRegistration;
}

const TAKEN_MESSAGE = {
  username: orchestrationMessages.usernameTaken,
  email: orchestrationMessages.emailTaken,
} as const;

function takenErrors(taken: { username: boolean; email: boolean }): FieldError[] {
  return (['username', 'email'] as const)
    .filter((field) => taken[field])
    .map((field) => ({ field, message: TAKEN_MESSAGE[field] }));
}

type VerifyOutcome =
  | { kind: 'created'; username: string }
  | { kind: 'invalid' }
  | { kind: 'attempts_exceeded' }
  | { kind: 'taken'; errors: FieldError[] };

export interface RegistrationService {
  /** Checks the form, e-mails a 6-digit code and answers a sealed `registrationId`. */
  start(form: RegistrationForm): Promise<RegistrationResponse>;
  /** The same without a password: the answer adds the passkey's creation options. */
  startPasskey(form: Omit<RegistrationForm, 'password'>): Promise<RegistrationResponse>;
  /** Checks the code (and a passkey registration's new passkey), creates the customer. */
  verify(
    input: { registrationId: string; code: string; attestation?: Record<string, unknown> },
    ip: string,
  ): Promise<RegistrationResponse>;
}

export interface RegistrationForm {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

/**
 * Registration (document 1 §2.2, §4.8), driven by the registration widget in two steps.
 * `start` checks the form, e-mails a 6-digit code and answers a sealed `registrationId`;
 * `verify` checks the code and creates, in one transaction, the customer with the e-mail as
 * their first device and three accounts. Nothing exists until then: an abandoned registration
 * leaves no row behind.
 */
export function createRegistrationService(deps: RegistrationDeps): RegistrationService {
  const codeHashOf = (nonce: string, code: string) =>
    hashCode(deps.signingSecret, REGISTRATION_CODE_PURPOSE, nonce, code);

  async function start(
    form: RegistrationForm,
    passkey: PasskeyTicket | null = null,
  ): Promise<RegistrationResponse> {
    const now = deps.clock();
    const sent = await deps.messaging.countEmailsSentTo(
      form.email,
      VERIFICATION_EMAIL_LIMIT.subject,
      windowStart(VERIFICATION_EMAIL_LIMIT, now),
    );
    if (limitReached(VERIFICATION_EMAIL_LIMIT, sent)) {
      throw new DomainError('too_many_emails');
    }
    const taken = takenErrors(await deps.directory.takenIdentifiers(form));
    if (taken.length > 0) throw fieldErrors(taken);

    const code = generateOtp();
    const nonce = randomUUID();
    const ticket: RegistrationTicket = {
      purpose: 'registration',
      version: 1,
      nonce,
      issuedAt: now.getTime(),
      expiresAt: now.getTime() + REGISTRATION_TTL_MS,
      firstName: form.firstName,
      lastName: form.lastName,
      email: form.email,
      username: form.username,
      // A common, breached or personal password is refused here (400, its field).
      passwordHash: passkey
        ? null
        : await hashNewPassword(form.password, {
            username: form.username,
            firstName: form.firstName,
            lastName: form.lastName,
            email: form.email,
          }),
      codeHash: codeHashOf(nonce, code),
      ...(passkey ? { passkey } : {}),
    };
    await deps.messaging.send({
      channel: 'email',
      to: form.email,
      subject: VERIFICATION_EMAIL_LIMIT.subject,
      body: deliveryMessages.registrationCodeBody(form.firstName, code, REGISTRATION_TTL_MS),
      code,
    });
    return {
      status: 'VERIFICATION_REQUIRED',
      registrationId: deps.secrets.seal(JSON.stringify(ticket)),
      ...(passkey && deps.passkeys
        ? { publicKeyCredentialCreationOptions: await deps.passkeys.creationOptions(passkey, form) }
        : {}),
    };
  }

  /** Counts the attempt, checks the code and creates everything, all in one transaction. */
  async function verifyAndCreate(
    ticket: RegistrationTicket,
    code: string,
    ip: string,
    passkey: PasskeyDevice | null = null,
  ): Promise<VerifyOutcome> {
    return deps.db.transaction(async (tx): Promise<VerifyOutcome> => {
      await lockCodeReference(tx, REGISTRATION_CODE_PURPOSE, ticket.nonce);
      // A pending registration has no user yet, so no row in one_time_codes: its wrong codes
      // are the audit log's `otp.failed` events, which are recorded anyway.
      const failures = await countAuditEvents(tx, {
        type: 'otp.failed',
        since: new Date(ticket.issuedAt),
        details: { purpose: REGISTRATION_CODE_PURPOSE, reference: ticket.nonce },
      });
      if (failures >= OTP_MAX_ATTEMPTS) return { kind: 'attempts_exceeded' };
      if (!hashesMatch(ticket.codeHash, codeHashOf(ticket.nonce, code))) {
        await insertAuditEvent(tx, {
          type: 'otp.failed',
          ip,
          details: {
            purpose: REGISTRATION_CODE_PURPOSE,
            reference: ticket.nonce,
            result: failures + 1 >= OTP_MAX_ATTEMPTS ? 'attempts_exceeded' : 'invalid',
            attempts: failures + 1,
          },
        });
        return failures + 1 >= OTP_MAX_ATTEMPTS
          ? { kind: 'attempts_exceeded' }
          : { kind: 'invalid' };
      }
      // Taken meanwhile, or this registration was already completed (a second submit).
      const taken = takenErrors(await deps.directory.takenIdentifiers(ticket, tx));
      if (taken.length > 0) return { kind: 'taken', errors: taken };
      const { user } = await deps.directory.createEntry(tx, {
        user: {
          // A passkey-only account: the id its passkey was made for, no password.
          ...(ticket.passkey ? { id: ticket.passkey.userId } : {}),
          uid: ticket.username,
          firstName: ticket.firstName,
          lastName: ticket.lastName,
          email: ticket.email,
          userType: 'customer',
          authnPreference: passkey ? 'Device' : 'Password',
          passwordHash: ticket.passwordHash,
          identityVerified: false,
        },
        devices: passkey ? [passkey] : [{ ...DEVICE_OF_TARGET.email, target: ticket.email }],
      });
      // The three accounts, and their opening deposits through the ledger, in the same transaction.
      await openAccountsWithOpeningDeposits(tx, user.id);
      return { kind: 'created', username: user.uid };
    });
  }

  async function verify(
    input: { registrationId: string; code: string; attestation?: Record<string, unknown> },
    ip: string,
  ): Promise<RegistrationResponse> {
    let opened: string | null = null;
    try {
      opened = deps.secrets.open(input.registrationId);
    } catch {
      // Tampered, truncated or sealed with another secret: as good as expired.
    }
    const read = opened === null ? null : readTicket(opened, deps.clock());
    if (read === null) {
      throw fieldErrors([
        { field: 'registrationId', message: orchestrationMessages.registrationInvalid },
      ]);
    }
    if (read.state === 'expired') {
      throw fieldErrors([{ field: 'code', message: messages.login.expiredOtp }]);
    }

    let outcome: VerifyOutcome;
    try {
      // A passkey registration's new passkey is verified first (400 on `attestation`).
      const passkey = deps.passkeys
        ? await deps.passkeys.deviceFor(read.ticket, input.attestation)
        : null;
      if (read.ticket.passkey && !passkey) throw new DomainError('invalid_input');
      outcome = await verifyAndCreate(read.ticket, input.code, ip, passkey);
    } catch (error) {
      // Two registrations racing for one username on PostgreSQL: the loser rolled back whole.
      const field = fieldOfUserConstraint(uniqueViolationOf(error)?.constraint);
      if (!field) throw error;
      throw fieldErrors([{ field, message: TAKEN_MESSAGE[field] }]);
    }
    switch (outcome.kind) {
      case 'created':
        return { status: 'COMPLETED', username: outcome.username };
      case 'invalid':
        throw fieldErrors([{ field: 'code', message: messages.login.incorrectOtp }]);
      case 'attempts_exceeded':
        throw fieldErrors([{ field: 'code', message: messages.login.otpAttemptsLimit }]);
      case 'taken':
        throw fieldErrors(outcome.errors);
    }
  }

  return {
    start: (form) => start(form),
    startPasskey: (form) => {
      if (!deps.passkeys) throw new DomainError('invalid_input');
      return start({ ...form, password: '' }, deps.passkeys.newTicket());
    },
    verify,
  };
}
