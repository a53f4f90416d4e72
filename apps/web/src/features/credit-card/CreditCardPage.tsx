import { CREDIT_CARD_DELIVERY_BUSINESS_DAYS, messages } from '@anybank/contracts';
import { PageLayout } from '../../components/ui/PageLayout';

/**
 * The credit-card application's confirmation (document 2 §2): opened in a new tab from the home
 * page's card offer, after a sign-on that verified the applicant's identity when it was not.
 */
export function CreditCardPage() {
  return (
    <PageLayout pageId="credit-card" description={messages.creditCard.writtenDecision}>
      <p>{messages.creditCard.delivery(CREDIT_CARD_DELIVERY_BUSINESS_DAYS)}</p>
      <p className="fw-semibold">{messages.creditCard.doNotResubmit}</p>
    </PageLayout>
  );
}
