import { orchestrationPaths, type ContactKind } from '@anybank/contracts';
import { apiFetch, readJson } from './api';
import { publicConfig } from './config';
import { policyAnswerOf } from './policy-answer';
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
import { sessionStore } from './session-storage';
import { withStepUp } from './step-up-signal';

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
    accessToken: sessionStore.get('AT') ?? '',
    hostname: window.location.hostname,
  });
  try {
    // A new e-mail or mobile needs a recent sign-in: the step-up dialog asks when it is older.
    const response = await withStepUp(() => postProfilePolicy(body));
    return profileUpdateOutcomeOf(policyAnswerOf(response.status, await readJson(response)));
  } catch (error) {
    console.warn('The profile update failed', error);
    return { kind: 'error' };
  }
}

function postProfilePolicy(body: unknown): Promise<Response> {
  return apiFetch(
    orchestrationPaths.policyStart(publicConfig.companyId, publicConfig.policyIds.profileUpdate),
    {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
}

/** Enters the code sent to a new e-mail address or mobile number (issue 12 §2). */
export async function confirmContact(
  kind: ContactKind,
  otp: string,
): Promise<ContactConfirmationOutcome> {
  try {
    const response = await postProfilePolicy({
      accessToken: sessionStore.get('AT') ?? '',
      hostname: window.location.hostname,
      step: 'confirmContact',
      kind,
      otp: otp.trim(),
    });
    return contactConfirmationOutcomeOf(policyAnswerOf(response.status, await readJson(response)));
  } catch (error) {
    console.warn('The contact confirmation failed', error);
    return { kind: 'error' };
  }
}

/** After a save: the session items the banking pages read show the new details. */
export function storeProfileInSession(form: ProfileForm): void {
  for (const [item, value] of sessionItemsOfProfile(form)) {
    if (value === null) sessionStore.remove(item);
    else sessionStore.set(item, value);
  }
}
