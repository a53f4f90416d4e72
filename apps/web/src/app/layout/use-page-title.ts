import { useEffect } from 'react';
import { pageRoute } from '@anybank/contracts';
import { useShowingPageId } from './use-showing-page';

const SITE_NAME = 'AnyBank';

/** Sets the document title to the showing page's heading, so tabs and history tell pages apart. */
export function usePageTitle() {
  const pageId = useShowingPageId();
  const heading = pageId ? pageRoute(pageId).heading : null;

  useEffect(() => {
    document.title = heading ? `${heading} | ${SITE_NAME}` : SITE_NAME;
  }, [heading]);
}
