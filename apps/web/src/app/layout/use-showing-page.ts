import { useMatches } from 'react-router';
import type { PageId } from '@anybank/contracts';
import type { PageRouteHandle } from '../router';

function isPageRouteHandle(handle: unknown): handle is PageRouteHandle {
  return typeof handle === 'object' && handle !== null && 'pageId' in handle;
}

/** The page of the route table that is showing (its route's handle), or null. */
export function useShowingPageId(): PageId | null {
  const handle = useMatches().findLast((match) => isPageRouteHandle(match.handle))?.handle;
  return isPageRouteHandle(handle) ? handle.pageId : null;
}
