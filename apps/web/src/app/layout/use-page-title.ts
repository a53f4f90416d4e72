import { useEffect } from 'react';
import { pageRoute } from '@anybank/contracts';
import { useBrand } from '../../lib/brand';
import { useShowingPageId } from './use-showing-page';

/**
 * Sets the document title to the showing page's heading and the bank's name (the brand in
 * use, ADR 0020), so tabs and history tell pages apart.
 */
export function usePageTitle() {
  const { bankName } = useBrand();
  const pageId = useShowingPageId();
  const heading = pageId ? pageRoute(pageId).heading : null;

  useEffect(() => {
    document.title = heading ? `${heading} | ${bankName}` : bankName;
  }, [heading, bankName]);
}
