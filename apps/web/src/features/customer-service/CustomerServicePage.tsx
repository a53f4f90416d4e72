import { useState } from 'react';
import { Button, Col, Row, Table } from 'react-bootstrap';
import { AlertList } from '../../components/ui/AlertList';
import { PageLayout } from '../../components/ui/PageLayout';
import { PersonCard } from '../../components/ui/PersonCard';
import { useSessionItem } from '../../lib/session-storage';
import { HelpDeskDialog } from './HelpDeskDialog';
import { SAMPLE_TICKETS, SERVICE_ALERTS } from './customer-service-sample-data';

const dateFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

function ProfileCard() {
  const firstName = useSessionItem('firstName');
  const lastName = useSessionItem('lastName');
  const email = useSessionItem('email');
  return (
    <PersonCard
      headingId="service-profile-heading"
      heading="Your profile"
      nameParts={[firstName, lastName]}
      position="Customer Service Representative"
      email={email}
    >
      <p className="mb-0 small text-body-secondary">
        You act on a customer&apos;s account only after the bank has verified that the caller is
        that customer.
      </p>
    </PersonCard>
  );
}

function TicketTable() {
  return (
    <section aria-labelledby="service-tickets-heading">
      <h2 id="service-tickets-heading" className="h5">
        Your tickets
      </h2>
      <Table responsive hover className="align-middle">
        <caption className="small">Sample data for the demo.</caption>
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">Customer</th>
            <th scope="col">In progress</th>
            <th scope="col">Date created</th>
          </tr>
        </thead>
        <tbody>
          {SAMPLE_TICKETS.map((ticket) => (
            <tr key={ticket.id}>
              <th scope="row" className="fw-normal">
                {ticket.subject}
              </th>
              <td>{ticket.customer}</td>
              <td>{ticket.inProgress ? 'Yes' : 'No'}</td>
              <td>{dateFormat.format(new Date(ticket.created))}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

/**
 * Document 2 §2 "Customer service": the rep's profile, alerts, the account help desk and the
 * (sample) ticket table.
 */
export function CustomerServicePage() {
  const [helpDeskOpen, setHelpDeskOpen] = useState(false);
  return (
    <PageLayout
      pageId="customer-service"
      description="Your open tickets and the account help desk for customers who call in."
    >
      <Row className="g-3 mb-4">
        <Col lg={4}>
          <ProfileCard />
        </Col>
        <Col lg={8}>
          <AlertList headingId="service-alerts-heading" alerts={SERVICE_ALERTS} />
        </Col>
      </Row>
      <section className="mb-4" aria-labelledby="service-help-desk-heading">
        <h2 id="service-help-desk-heading" className="h5">
          Account help desk
        </h2>
        <p>
          A customer who is locked out or lost a device can get help on the phone, once they confirm
          it is them.
        </p>
        <Button variant="primary" onClick={() => setHelpDeskOpen(true)}>
          Launch Account Help Desk
        </Button>
      </section>
      <TicketTable />
      <HelpDeskDialog show={helpDeskOpen} onClose={() => setHelpDeskOpen(false)} />
    </PageLayout>
  );
}
