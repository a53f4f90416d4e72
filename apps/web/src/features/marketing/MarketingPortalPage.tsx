import { useCallback, useRef, useState } from 'react';
import { Badge, Col, ListGroup, Row } from 'react-bootstrap';
import { scimUidEquals, scimUidStartsWith } from '@anybank/contracts';
import { SearchBox } from '../../components/ui/SearchBox';
import type { Suggestion } from '../../components/ui/SearchBox';
import { MarketingPortalLayout } from './MarketingPortalLayout';
import { RecordOverviewModal } from './RecordOverviewModal';
import type { CustomerRecord } from './RecordOverviewModal';
import { customerSuggestions } from './customer-record';
import { searchCustomers } from './marketing-api';

/** Static sample alerts (document 2 §1: much of the portal content is sample data). */
const MARKETING_ALERTS: readonly { id: string; label: string; text: string }[] = [
  {
    id: 'spring',
    label: 'Campaign',
    text: 'The spring savings campaign goes out on Monday: check the e-mail segment before then.',
  },
  {
    id: 'opt-outs',
    label: 'Consent',
    text: 'Customers can change their communication preferences at any time; look them up again before each send.',
  },
];

function Alerts() {
  return (
    <section aria-labelledby="marketing-alerts-heading">
      <h2 id="marketing-alerts-heading" className="h5">
        Alerts
      </h2>
      <ListGroup>
        {MARKETING_ALERTS.map((alert) => (
          <ListGroup.Item key={alert.id} className="d-flex gap-2 align-items-start">
            <Badge bg="secondary">{alert.label}</Badge>
            <span>{alert.text}</span>
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}

/**
 * Document 2 §2: the marketing portal. The customer search suggests usernames; picking one
 * looks the customer up (`uid eq`) and opens their Record Overview.
 */
export function MarketingPortalPage() {
  const [record, setRecord] = useState<CustomerRecord | null>(null);
  const lookup = useRef<AbortController | null>(null);

  const loadSuggestions = useCallback(
    async (query: string, signal: AbortSignal) =>
      customerSuggestions(await searchCustomers(scimUidStartsWith(query.trim()), signal)),
    [],
  );

  const openRecord = (suggestion: Suggestion) => {
    lookup.current?.abort();
    const controller = new AbortController();
    lookup.current = controller;
    const uid = suggestion.id;
    setRecord({ status: 'loading', uid });
    const failed = (reason: unknown) => {
      // Document 2 §8: a failed lookup is only logged.
      console.warn('The customer record could not be loaded', reason);
      setRecord(null);
    };
    searchCustomers(scimUidEquals(uid), controller.signal).then(
      ([user]) => {
        if (controller.signal.aborted) return;
        if (user) setRecord({ status: 'ready', uid, user });
        else failed(`the lookup of ${uid} found no one`);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) failed(error);
      },
    );
  };

  const closeRecord = () => {
    lookup.current?.abort();
    setRecord(null);
  };

  return (
    <MarketingPortalLayout
      pageId="marketing"
      description="Look up customers who agreed to hear from us, and review their contact details."
    >
      <Row className="g-4">
        <Col lg={6}>
          <section aria-labelledby="marketing-search-heading">
            <h2 id="marketing-search-heading" className="h5">
              Customer search
            </h2>
            <SearchBox
              label="Search customers"
              hint="Type at least 2 characters of a customer's username."
              placeholder="Username"
              loadSuggestions={loadSuggestions}
              onChoose={openRecord}
            />
          </section>
        </Col>
        <Col lg={6}>
          <Alerts />
        </Col>
      </Row>
      <RecordOverviewModal record={record} onHide={closeRecord} />
    </MarketingPortalLayout>
  );
}
