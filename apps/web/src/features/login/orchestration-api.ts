import { qrCodeResponseSchema } from '@anybank/contracts';
import { publicConfig } from '../../lib/config';
import { fetchWidgetToken, startWidgetPolicy } from '../../lib/orchestration-api';
import type { PolicyAnswer } from '../../lib/orchestration-api';
import { usernameRecoveryOutcome, usernameRecoveryRequest } from './username-recovery';
import type { UsernameRecoveryOutcome } from './username-recovery';

/** The orchestration policies the login modal starts (document 1 §4.4, §7). */

/** A fresh widget token, then the policy; null when no token could be had. */
async function startPolicy(policyId: string, body: unknown): Promise<PolicyAnswer | null> {
  const token = await fetchWidgetToken(publicConfig.companyId);
  if (token === null) return null;
  return startWidgetPolicy({ companyId: publicConfig.companyId, policyId, token, body });
}

/** Forgot username: e-mails the username to `mail` if it is a customer's address. */
export async function recoverUsername(mail: string): Promise<UsernameRecoveryOutcome> {
  return usernameRecoveryOutcome(
    await startPolicy(
      publicConfig.policyIds.usernameRecovery,
      usernameRecoveryRequest(mail, publicConfig.host),
    ),
  );
}

/** The authenticator app's key URI as a QR code: a PNG data URL, or null when it failed. */
export async function qrCodeFor(keyUri: string): Promise<string | null> {
  const answer = await startPolicy(publicConfig.policyIds.qrCode, { keyUri });
  if (answer?.kind === 'ok') {
    const parsed = qrCodeResponseSchema.safeParse(answer.body);
    if (parsed.success) return parsed.data.additionalProperties.qrCode;
  }
  console.warn('The QR code could not be drawn', answer);
  return null;
}
