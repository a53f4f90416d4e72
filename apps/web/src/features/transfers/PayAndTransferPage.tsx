import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import type { PageId } from '@anybank/contracts';
import { BankingPageLayout } from '../../components/ui/BankingPageLayout';

interface PaymentOption {
  title: string;
  text: string;
  /** The page it opens; the others are not part of the demo and show as unavailable. */
  pageId?: PageId;
}

const OPTIONS: readonly PaymentOption[] = [
  {
    title: 'Transfer Money',
    text: 'Move money between your checking and savings accounts.',
    pageId: 'transfer-money',
  },
  { title: 'Pay Bills', text: 'Pay your bills to companies and people.' },
  { title: 'Wire Money', text: 'Send a wire transfer to another bank.' },
  { title: 'Zelle', text: 'Send money to people you know with Fastpay with Zelle.' },
];

/** Document 2 §2: the Pay and transfer page. */
export function PayAndTransferPage() {
  return (
    <BankingPageLayout
      pageId="pay-and-transfer"
      description="Pay bills, transfer between accounts and send money to people you know."
    >
      <Row xs={1} md={2} className="g-3">
        {OPTIONS.map((option) => (
          <Col key={option.title}>
            <Card className={`h-100 ${option.pageId ? 'shadow-sm' : 'bg-body-tertiary'}`}>
              <Card.Body>
                <h2 className="h5">
                  {option.pageId ? (
                    <Link to={pageRoute(option.pageId).paths[0] ?? '/'} className="stretched-link">
                      {option.title}
                    </Link>
                  ) : (
                    <span className="text-body-secondary">{option.title}</span>
                  )}
                </h2>
                <p className="mb-0">{option.text}</p>
                {!option.pageId && (
                  <p className="small text-body-secondary mt-2 mb-0">Not available in this demo</p>
                )}
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
    </BankingPageLayout>
  );
}
