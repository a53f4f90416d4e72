import type { ReactNode } from 'react';
import { Card } from 'react-bootstrap';

/**
 * A partner portal's card about a person (document 2 §2): the signed-in advisor's or
 * representative's own profile, or a customer's advisor. Their initials in a circle, name,
 * position and optional e-mail address, then what the card explains.
 */
export function PersonCard({
  headingId,
  heading,
  nameParts,
  position,
  email = null,
  children,
}: {
  headingId: string;
  heading: string;
  /** The given and family name (either may be unknown): the name, and the initials. */
  nameParts: readonly (string | null)[];
  /** Their job, or their firm. */
  position: string;
  email?: string | null;
  children: ReactNode;
}) {
  const name = nameParts.filter(Boolean).join(' ');
  const initials = nameParts.map((part) => part?.charAt(0) ?? '').join('');
  return (
    <Card as="section" className="h-100 shadow-sm" aria-labelledby={headingId}>
      <Card.Body>
        <h2 id={headingId} className="h5">
          {heading}
        </h2>
        <div className="d-flex align-items-center gap-3 my-3">
          <span
            aria-hidden="true"
            className="rounded-circle bg-primary text-white d-inline-flex align-items-center justify-content-center fw-bold fs-5 flex-shrink-0"
            style={{ width: '3.5rem', height: '3.5rem' }}
          >
            {initials}
          </span>
          <div>
            <p className="fw-semibold mb-0">{name}</p>
            <p className="mb-0 text-body-secondary">{position}</p>
            {email && <p className="mb-0 small text-break">{email}</p>}
          </div>
        </div>
        {children}
      </Card.Body>
    </Card>
  );
}
