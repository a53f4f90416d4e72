import {
  PASSWORDLESS_API_PATH,
  passkeyNamePath,
  passkeyRenamedSchema,
  passwordlessStatusSchema,
  type PasswordlessStatus,
} from '@anybank/contracts';
import { apiErrorOf, readJson } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { withStepUp } from '../../lib/step-up-signal';

/** Whether the customer has a password, and how many passkeys. */
export async function passwordlessStatus(signal?: AbortSignal): Promise<PasswordlessStatus> {
  const response = await authorizedFetch(PASSWORDLESS_API_PATH, { signal });
  if (!response.ok) throw await apiErrorOf(response, `GET ${PASSWORDLESS_API_PATH}`);
  return passwordlessStatusSchema.parse(await readJson(response));
}

/** Removes the password (after a step-up when the sign-in is older than 5 minutes). */
export async function removePassword(): Promise<void> {
  const response = await withStepUp(() =>
    authorizedFetch(PASSWORDLESS_API_PATH, { method: 'DELETE' }),
  );
  if (!response.ok) throw await apiErrorOf(response, `DELETE ${PASSWORDLESS_API_PATH}`);
}

/** A passkey's new name, as the server cleaned it. */
export async function renamePasskey(deviceId: string, name: string): Promise<string> {
  const path = passkeyNamePath(deviceId);
  const response = await authorizedFetch(path, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw await apiErrorOf(response, `PUT ${path}`);
  return passkeyRenamedSchema.parse(await readJson(response)).nickname;
}
