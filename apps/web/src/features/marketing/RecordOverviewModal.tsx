import { useId } from 'react';
import { Button, Modal, Spinner, Table } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import type { ScimUser } from '@anybank/contracts';
import { recordFields } from './customer-record';

export type CustomerRecord =
  { status: 'loading'; uid: string } | { status: 'ready'; uid: string; user: ScimUser };

interface RecordOverviewModalProps {
  record: CustomerRecord | null;
  onHide: () => void;
}

/**
 * Document 2 §2: the 'Record Overview' of the customer picked in the search: name, mail
 * address, email address and SMS/TXT phone (blank for a channel the customer did not opt
 * into), with Inspect Record and Modify Record.
 */
export function RecordOverviewModal({ record, onHide }: RecordOverviewModalProps) {
  const noteId = useId();
  return (
    <Modal show={record !== null} onHide={onHide} centered aria-labelledby={`${noteId}-title`}>
      <Modal.Header closeButton closeLabel="Close record overview">
        <Modal.Title as="h2" className="h5" id={`${noteId}-title`}>
          Record Overview
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {record?.status === 'ready' ? (
          <Table className="mb-0">
            <caption className="visually-hidden">Customer {record.uid}</caption>
            <tbody>
              {recordFields(record.user).map((field) => (
                <tr key={field.label}>
                  <th scope="row" className="fw-semibold">
                    {field.label}
                  </th>
                  <td>
                    {field.value ?? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">{messages.marketing.blankField}</span>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        ) : (
          <div className="d-flex justify-content-center py-3">
            <Spinner animation="border" role="status">
              <span className="visually-hidden">Loading the record…</span>
            </Spinner>
          </div>
        )}
      </Modal.Body>
      <Modal.Footer className="flex-column align-items-stretch">
        <div className="d-flex flex-wrap gap-2">
          <Button variant="primary" disabled aria-describedby={noteId}>
            Inspect Record
          </Button>
          <Button variant="outline-primary" disabled aria-describedby={noteId}>
            Modify Record
          </Button>
          <Button variant="secondary" className="ms-auto" onClick={onHide}>
            Close
          </Button>
        </div>
        <p id={noteId} className="small text-body-secondary mb-0">
          Inspecting and modifying records are not part of this demo.
        </p>
      </Modal.Footer>
    </Modal>
  );
}
