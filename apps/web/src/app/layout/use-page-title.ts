import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import type { PageRouteHandle } from '../router';

const SITE_NAME = 'AnyBank';

function isPageRouteHandle(handle: unknown): handle is PageRouteHandle {
  return typeof handle === 'object' && handle !== null && 'pageId' in handle;
}

/** Sets the document title to the showing page's heading, so tabs and history tell pages apart. */
export function usePageTitle() {
  const handle = useMatches().findLast((match) => isPageRouteHandle(match.handle))?.handle;
  const heading = isPageRouteHandle(handle) ? pageRoute(handle.pageId).heading : null;

  useEffect(() => {
    document.title = heading ? `${heading} | ${SITE_NAME}` : SITE_NAME;
  }, [heading]);
}
