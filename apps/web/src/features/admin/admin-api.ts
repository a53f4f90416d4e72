import {
  ADMIN_ACCOUNT_TIER_PATH,
  ADMIN_THRESHOLDS_PATH,
  adminSettingsOf,
  directoryEntryPath,
  directoryEntrySchema,
  type AccountTier,
  type AdminAccountTierRequest,
  type AdminSettings,
  type AdminThresholdsRequest,
} from '@anybank/contracts';
import { readJson } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { publicConfig } from '../../lib/config';
import type { PolicyAnswer } from '../../lib/policy-answer';
import { sessionStore } from '../../lib/session-storage';
import { startUserPolicy } from '../../lib/user-policy';

/**
 * The demo admin's calls (document 2 §7): the signed-in customer's own directory entry read
 * with their access token, the thresholds and tier set through the demo-admin API, the admin
 * policies with the token in the body
 * (phishing e-mail, delete user, reset verification), and the high-risk switch.
 */

const JSON_HEADERS = { 'Content-Type': 'application/json' };

/** The thresholds and tier stored for `uid` (the defaults where unset). */
export async function loadAdminSettings(uid: string, signal?: AbortSignal): Promise<AdminSettings> {
  const response = await authorizedFetch(directoryEntryPath(uid), { signal });
  if (!response.ok) throw new Error(`GET directory entry answered ${response.status}`);
  const entry = directoryEntrySchema.parse(await readJson(response));
  return adminSettingsOf(entry, publicConfig.productId);
}

export type SaveAnswer = { ok: true } | { ok: false; status: number | null; statusText: string };

/**
 * The thresholds through the demo admin's own API (the directory refuses the
 * bank's attributes to a customer token); 200 is success, anything else a failure with its
 * status text.
 */
export async function saveThresholds(ciba: number, deny: number): Promise<SaveAnswer> {
  const body: AdminThresholdsRequest = { cibaThreshold: String(ciba), denyThreshold: String(deny) };
  try {
    const response = await authorizedFetch(ADMIN_THRESHOLDS_PATH, {
      method: 'PUT',
      headers: JSON_HEADERS,
      body: JSON.stringify(body),
    });
    return response.status === 200
      ? { ok: true }
      : { ok: false, status: response.status, statusText: response.statusText };
  } catch (error) {
    console.warn('Saving the thresholds failed', error);
    return { ok: false, status: null, statusText: '' };
  }
}

/** The tier through the demo admin's own API; answers the status (200 is success). */
export async function setAccountTier(tier: AccountTier): Promise<number> {
  const body: AdminAccountTierRequest = { accountTier: tier };
  try {
    const response = await authorizedFetch(ADMIN_ACCOUNT_TIER_PATH, {
      method: 'PUT',
      headers: JSON_HEADERS,
      body: JSON.stringify(body),
    });
    return response.status;
  } catch (error) {
    console.warn('Changing the account tier failed', error);
    return 0;
  }
}

/** "Simulate high risk on next sign-in": 204 when it is set. */
export async function simulateHighRisk(): Promise<number> {
  try {
    const response = await authorizedFetch('/api/admin/risk-override', {
      method: 'PUT',
      headers: JSON_HEADERS,
      body: JSON.stringify({ enabled: true }),
    });
    return response.status;
  } catch (error) {
    console.warn('Setting the high-risk override failed', error);
    return 0;
  }
}

export type AdminPolicy = 'phishingEmail' | 'deleteUser' | 'resetVerification';

/**
 * Starts an admin policy with the user's own token in the body, and the page's host. The
 * phishing e-mail goes to the customer's own address (the server accepts no other).
 */
export async function startAdminPolicy(policy: AdminPolicy): Promise<PolicyAnswer> {
  const host = window.location.hostname;
  const body =
    policy === 'phishingEmail' ? { to: sessionStore.get('email') ?? '', host } : { host };
  const answer = await startUserPolicy(policy, body);
  if (answer.kind === 'failed') console.warn(`The ${policy} policy failed`, answer.reason);
  return answer;
}
