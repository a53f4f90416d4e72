import { PageLayout } from '../../components/ui/PageLayout';

export function AdminPage() {
  return (
    <PageLayout
      pageId="admin"
      description="Reset demo users, set transfer approval thresholds and send the phishing demo email."
    />
  );
}
