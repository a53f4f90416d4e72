import { PageLayout } from '../../components/ui/PageLayout';

export function RedirectPage() {
  return (
    <PageLayout
      pageId="redirect"
      description="One moment while we take you to the right sign-in page."
    />
  );
}
