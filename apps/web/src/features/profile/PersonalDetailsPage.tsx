import { Card } from 'react-bootstrap';
import type { SessionItem } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';
import { useSessionItem } from '../../lib/session-storage';

const DETAILS: readonly { label: string; item: SessionItem }[] = [
  { label: 'First name', item: 'firstName' },
  { label: 'Last name', item: 'lastName' },
  { label: 'Email', item: 'email' },
  { label: 'Mobile', item: 'mobile' },
  { label: 'Street', item: 'street' },
  { label: 'City', item: 'city' },
  { label: 'ZIP code', item: 'zipcode' },
];

function Detail({ label, item }: { label: string; item: SessionItem }) {
  const value = useSessionItem(item);
  return (
    <div className="row py-2 border-bottom">
      <dt className="col-sm-4 fw-semibold">{label}</dt>
      <dd className="col-sm-8 mb-0">
        {value ?? <span className="text-body-secondary">Not provided</span>}
      </dd>
    </div>
  );
}

/** Document 2 §2: the customer's details as the bank holds them, read-only. */
export function PersonalDetailsPage() {
  return (
    <BankingPageLayout
      pageId="profile"
      description="Your name, address, email and mobile number as we hold them."
    >
      <Card className="shadow-sm">
        <Card.Body>
          <h2 className="h5">Your details</h2>
          <dl className="mb-3">
            {DETAILS.map((detail) => (
              <Detail key={detail.item} {...detail} />
            ))}
          </dl>
          <p className="mb-0">
            To change any of these details, please contact AnyBank customer service.
          </p>
        </Card.Body>
      </Card>
    </BankingPageLayout>
  );
}
