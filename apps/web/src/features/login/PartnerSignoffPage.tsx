import { messages } from '@anybank/contracts';
import { PageLayout } from '../../components/ui/PageLayout';

/** Where advisor and customer-service sign-outs land (document 1 §4.7). */
export function PartnerSignoffPage() {
  return <PageLayout pageId="partner-signoff" description={messages.login.partnerSignedOut} />;
}
