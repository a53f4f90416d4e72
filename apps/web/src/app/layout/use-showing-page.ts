import { createContext, use } from 'react';
import type { PageId } from '@anybank/contracts';

/** The page of the route table that is showing, or null; provided by the app's routes. */
export const ShowingPageContext = createContext<PageId | null>(null);

/** The page of the route table that is showing (its route's handle), or null. */
export function useShowingPageId(): PageId | null {
  return use(ShowingPageContext);
}
