import {
  RECOVERY_CODES_API_PATH,
  newRecoveryCodesSchema,
  recoveryCodesStatusSchema,
  type NewRecoveryCodes,
  type RecoveryCodesStatus,
} from '@anybank/contracts';
import { apiErrorOf, readJson } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { withStepUp } from '../../lib/step-up-signal';

/** How many recovery codes the signed-in customer has left. */
export async function recoveryCodesStatus(signal?: AbortSignal): Promise<RecoveryCodesStatus> {
  const response = await authorizedFetch(RECOVERY_CODES_API_PATH, { signal });
  if (!response.ok) throw await apiErrorOf(response, `GET ${RECOVERY_CODES_API_PATH}`);
  return recoveryCodesStatusSchema.parse(await readJson(response));
}

/** A new set of codes, shown once; it needs a recent sign-in (the step-up dialog asks). */
export async function generateRecoveryCodes(): Promise<NewRecoveryCodes> {
  const response = await withStepUp(() =>
    authorizedFetch(RECOVERY_CODES_API_PATH, { method: 'POST' }),
  );
  if (!response.ok) throw await apiErrorOf(response, `POST ${RECOVERY_CODES_API_PATH}`);
  return newRecoveryCodesSchema.parse(await readJson(response));
}
