import { PRESENTER_PATH, XSRF_HEADER } from '@anybank/contracts';
import type { Server } from '../src/app';

/**
 * The presenter cookie as a browser gets it (README "Demo tools"): the presenter secret given
 * to `POST /api/dev/presenter`; answers the `Cookie` header's `name=value`.
 */
export async function presenterCookie(
  server: Pick<Server, 'app' | 'services'>,
  secret = server.services.keys.secrets.presenterSecret,
): Promise<string> {
  const response = await server.app.inject({
    method: 'POST',
    url: PRESENTER_PATH,
    headers: { [XSRF_HEADER]: '1', 'content-type': 'application/json' },
    payload: { secret },
  });
  const [cookie] = response.cookies;
  if (response.statusCode !== 200 || !cookie) {
    throw new Error(`no presenter cookie: ${response.statusCode} ${response.body}`);
  }
  return `${cookie.name}=${cookie.value}`;
}
