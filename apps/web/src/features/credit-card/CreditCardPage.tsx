import { CREDIT_CARD_DELIVERY_BUSINESS_DAYS } from '@anybank/contracts';
import { PageLayout } from '../../components/ui/PageLayout';

export function CreditCardPage() {
  return (
    <PageLayout
      pageId="credit-card"
      description="Thank you for applying for the AnyBank Rewards Visa. We will send you our decision in writing."
    >
      <p>
        If you are approved, your card will arrive within {CREDIT_CARD_DELIVERY_BUSINESS_DAYS}{' '}
        business days.
      </p>
      <p className="fw-semibold">Please do not resubmit your application.</p>
    </PageLayout>
  );
}
