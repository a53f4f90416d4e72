import { randomUUID } from 'node:crypto';
import { passkeyMessages } from '@anybank/contracts';
import type { Database } from '../../db/database';
import { findMfaDeviceByCredentialId, type NewDirectoryEntry } from '../directory';
import {
  PASSKEY_DEVICES,
  checkRegistration,
  registrationOptions,
  type WebAuthnRelyingParty,
} from '../identity';
import type { RegistrationTicket } from './orchestration.rules';
import { fieldErrors } from './policy';

/** What a passkey registration's ticket holds: the new customer's id, and the challenge. */
export interface PasskeyTicket {
  userId: string;
  challenge: string;
}

/** The first device of a passkey-only account: the passkey the browser just created. */
export type PasskeyDevice = NewDirectoryEntry['devices'][number];

/**
 * "Create an account with a passkey", beside the registration service: the
 * WebAuthn creation options for a customer who does not exist yet (their id is chosen now and
 * sealed in the ticket, so the passkey's user handle is the account's id), and the check of
 * the browser's answer. Real attestation verification (challenge, origin, rpId, signature) with
 * user verification required: the passkey will be both of the account's factors.
 */
export function createPasskeyRegistration(deps: { db: Database; webauthn: WebAuthnRelyingParty }) {
  const { webauthn } = deps;

  return {
    newTicket(): PasskeyTicket {
      return { userId: randomUUID(), challenge: randomUUID() };
    },

    creationOptions(
      passkey: PasskeyTicket,
      form: { username: string; firstName: string; lastName: string },
    ) {
      return registrationOptions(
        webauthn,
        {
          id: passkey.userId,
          uid: form.username,
          displayName: `${form.firstName} ${form.lastName}`,
        },
        [],
        passkey.challenge,
        'required',
      );
    },

    /**
     * The verified passkey as the account's device, or null for a password registration.
     * Refuses (400 on the `attestation` field) a missing, forged or unverified answer.
     */
    async deviceFor(
      ticket: RegistrationTicket,
      attestation: Record<string, unknown> | undefined,
    ): Promise<PasskeyDevice | null> {
      if (!ticket.passkey) return null;
      const refused = () =>
        fieldErrors([{ field: 'attestation', message: passkeyMessages.passkeyRefused }]);
      if (!attestation) throw refused();
      const check = await checkRegistration(webauthn, attestation, ticket.passkey.challenge, {
        requireUserVerification: true,
      });
      if (!check.ok) throw refused();
      // A credential belongs to one person: one registered anywhere already is refused.
      if (await findMfaDeviceByCredentialId(deps.db, check.credential.credentialId))
        throw refused();
      const platform = check.attachment === 'platform';
      return {
        type: platform ? PASSKEY_DEVICES.platform.type : PASSKEY_DEVICES.roaming.type,
        name: platform ? 'This device (passkey)' : 'Passkey',
        credentialId: check.credential.credentialId,
        publicKey: check.credential.publicKey,
        signCount: check.credential.signCount,
        rpId: webauthn.rpId,
      };
    },
  };
}

export type PasskeyRegistration = ReturnType<typeof createPasskeyRegistration>;
