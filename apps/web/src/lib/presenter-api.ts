import {
  PRESENTER_PATH,
  XSRF_HEADER,
  apiErrorBodySchema,
  presenterMessages,
  presenterStatusSchema,
  type PresenterRequest,
} from '@anybank/contracts';
import { apiFetch, readJson } from './api';

/**
 * The presenter secret (README "Demo tools"): the demo tools that change the bank for everyone
 * ask for it once per browser; the server keeps the proof in an HttpOnly cookie, which no
 * script reads, so the page asks the server whether this browser holds it.
 */

/** Whether this browser holds the presenter cookie (false when the server cannot say). */
export async function isPresenterBrowser(): Promise<boolean> {
  try {
    const response = await apiFetch(PRESENTER_PATH, { headers: { Accept: 'application/json' } });
    const status = presenterStatusSchema.safeParse(await readJson(response));
    return response.ok && status.success && status.data.presenter;
  } catch (error) {
    console.warn('Asking for the presenter cookie failed', error);
    return false;
  }
}

/** Gives the secret: ok, or the server's own sentence (wrong secret, too many tries). */
export async function givePresenterSecret(
  secret: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const body: PresenterRequest = { secret };
  try {
    const response = await apiFetch(PRESENTER_PATH, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        [XSRF_HEADER]: '1',
      },
      body: JSON.stringify(body),
    });
    if (response.ok) return { ok: true };
    const refusal = apiErrorBodySchema.safeParse(await readJson(response));
    return {
      ok: false,
      message: refusal.success ? refusal.data.message : presenterMessages.failed,
    };
  } catch (error) {
    console.warn('Giving the presenter secret failed', error);
    return { ok: false, message: presenterMessages.failed };
  }
}
