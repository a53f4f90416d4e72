import { Alert, Card, Col, Placeholder, Row, Table } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import { formatUsd, maskedAccountNumber } from '../../lib/accounts';
import { clientDetails, sharedBalances } from './advisor-clients';
import type { SelectedClient } from './advisor-clients';
import { useClientBalances } from './use-client-balances';

function Blank({ text }: { text: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{text}</span>
    </>
  );
}

function Loading({ name }: { name: string }) {
  return (
    <div aria-busy="true">
      <p role="status" className="visually-hidden">
        Loading the details of {name}…
      </p>
      <Placeholder as="div" animation="glow" aria-hidden="true">
        <Placeholder xs={12} className="d-block mb-2" style={{ height: '10rem' }} />
      </Placeholder>
    </div>
  );
}

/**
 * Document 2 §2 "Advisor client": the chosen client's details (full name, street, city and
 * postal code, mobile) and the balances of the accounts they share, or the no-consent text.
 */
export function ClientCard({ client }: { client: SelectedClient }) {
  const state = useClientBalances(client.subject);

  if (state.status === 'loading') return <Loading name={client.name} />;
  if (state.status === 'failed') return null;
  if (state.status === 'no-consent') {
    return (
      <Alert variant="warning" className="mb-0">
        {messages.advisor.noConsent}
      </Alert>
    );
  }

  const balances = sharedBalances(state.client);
  return (
    <Row className="g-3">
      <Col lg={6}>
        <Card as="section" className="h-100 shadow-sm" aria-labelledby="client-details-heading">
          <Card.Body>
            <h3 id="client-details-heading" className="h5">
              Client details
            </h3>
            <Table className="mb-0">
              <tbody>
                {clientDetails(state.client.userAttributes).map((detail) => (
                  <tr key={detail.label}>
                    <th scope="row" className="fw-semibold">
                      {detail.label}
                    </th>
                    <td>{detail.value ?? <Blank text={messages.advisor.blankField} />}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Card.Body>
        </Card>
      </Col>
      <Col lg={6}>
        <Card as="section" className="h-100 shadow-sm" aria-labelledby="client-balances-heading">
          <Card.Body>
            <h3 id="client-balances-heading" className="h5">
              Linked accounts
            </h3>
            <Table className="mb-0">
              <thead>
                <tr>
                  <th scope="col">Account</th>
                  <th scope="col" className="text-end">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {balances.map((balance) => (
                  <tr key={balance.accountId}>
                    <th scope="row" className="fw-normal">
                      {balance.label}{' '}
                      <span className="text-body-secondary">
                        <span className="visually-hidden">account number ending in </span>
                        {maskedAccountNumber(balance.accountId)}
                      </span>
                    </th>
                    <td className="text-end fw-semibold">
                      {balance.cents === null ? (
                        <Blank text="not available" />
                      ) : (
                        formatUsd(balance.cents)
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}
