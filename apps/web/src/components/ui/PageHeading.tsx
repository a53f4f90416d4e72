import { pageRoute } from '@anybank/contracts';
import type { PageId } from '@anybank/contracts';

interface PageHeadingProps {
  pageId: PageId;
  className?: string;
}

/** The page's one `<h1>`, its text taken from the route table so page and tests agree. */
export function PageHeading({ pageId, className }: PageHeadingProps) {
  return <h1 className={className}>{pageRoute(pageId).heading}</h1>;
}
