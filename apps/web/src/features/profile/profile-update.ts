import type { ContactKind } from '@anybank/contracts';
import { publicConfig } from '../../lib/config';
import { sessionStore } from '../../lib/session-storage';
import { startUserPolicy } from '../../lib/user-policy';
import {
  PROFILE_FIELDS,
  SESSION_ITEM_OF,
  contactConfirmationOutcomeOf,
  type ContactConfirmationOutcome,
  profileUpdateOutcomeOf,
  profileUpdateRequest,
  sessionItemsOfProfile,
  type ProfileForm,
  type ProfileUpdateOutcome,
} from './profile-update-rules';

export type {
  ContactConfirmationOutcome,
  PendingContact,
  ProfileForm,
  ProfileUpdateOutcome,
} from './profile-update-rules';

/** The form as the session holds the customer's details (blank where there is nothing). */
export function profileFormFromSession(): ProfileForm {
  return Object.fromEntries(
    PROFILE_FIELDS.map((field) => [field, sessionStore.get(SESSION_ITEM_OF[field]) ?? '']),
  ) as ProfileForm;
}

/**
 * Saves the personal details through the profile-update policy (document 2 §7): a policy
 * acting on the user, so the user's access token goes in the body. `previous` is what the
 * session held: a changed mobile or e-mail names the old one, whose device is replaced.
 */
export async function saveProfile(
  form: ProfileForm,
  previous: ProfileForm,
): Promise<ProfileUpdateOutcome> {
  const body = profileUpdateRequest({
    form,
    previous,
    hostname: window.location.hostname,
    phoneCountry: publicConfig.phoneCountry,
  });
  // A new e-mail or mobile needs a recent sign-in: the step-up dialog asks when it is older.
  const answer = await startUserPolicy('profileUpdate', body, { stepUp: true });
  if (answer.kind === 'failed') console.warn('The profile update failed', answer.reason);
  return profileUpdateOutcomeOf(answer);
}

/** Enters the code sent to a new e-mail address or mobile number. */
export async function confirmContact(
  kind: ContactKind,
  otp: string,
): Promise<ContactConfirmationOutcome> {
  const answer = await startUserPolicy('profileUpdate', {
    hostname: window.location.hostname,
    step: 'confirmContact',
    kind,
    otp: otp.trim(),
  });
  if (answer.kind === 'failed') console.warn('The contact confirmation failed', answer.reason);
  return contactConfirmationOutcomeOf(answer);
}

/** After a save: the session items the banking pages read show the new details. */
export function storeProfileInSession(form: ProfileForm): void {
  for (const [item, value] of sessionItemsOfProfile(form, publicConfig.phoneCountry)) {
    if (value === null) sessionStore.remove(item);
    else sessionStore.set(item, value);
  }
}
