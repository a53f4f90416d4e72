import { useEffect, useState } from 'react';
import { MENU_OPTIONS_API_PATH } from '@anybank/contracts';
import { readJson } from '../../lib/api';
import { authorizedFetch } from '../../lib/authorized-fetch';
import { menuItemsOf, type MenuItem } from './menu-options';

/**
 * The signed-in customer's menu (`GET {basePath}/api/menu-options` with the bearer AT), or null
 * while loading, when signed out, or when the call fails (only logged). Asked again when the
 * token changes (another sign-in, a tier change followed by a new sign-in).
 */
export function useMenuOptions(accessToken: string | null): MenuItem[] | null {
  const [loaded, setLoaded] = useState<{ token: string; items: MenuItem[] | null } | null>(null);

  useEffect(() => {
    if (!accessToken) return undefined;
    const controller = new AbortController();
    const schemas = import('../../lib/shell-schemas');
    authorizedFetch(MENU_OPTIONS_API_PATH, { signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) throw new Error(`GET menu options answered ${response.status}`);
        const body = await readJson(response);
        const items = menuItemsOf(body, (await schemas).menuOptionsResponseSchema);
        if (!items) throw new Error('The menu options answer has an unknown shape');
        if (!controller.signal.aborted) setLoaded({ token: accessToken, items });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The menu options could not be loaded', error);
        setLoaded({ token: accessToken, items: null });
      });
    return () => controller.abort();
  }, [accessToken]);

  return accessToken && loaded?.token === accessToken ? loaded.items : null;
}
