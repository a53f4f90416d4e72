import { Fragment, useId } from 'react';
import { Button } from 'react-bootstrap';
import {
  credentialTitles,
  fillBrand,
  verifiableCredentialMessages as text,
} from '@anybank/contracts';
import { useBrand } from '../../lib/brand';
import { shownClaims } from './claim-format';
import { readCredential } from './credential-check';
import type { StoredCredential } from './credential-store';

/**
 * One verifiable credential in the phone's wallet (ADR 0027): its title, every claim it holds
 * (the wallet sees them all; a verifier sees only those the holder shares), until when it is
 * valid, and "Delete", which forgets the credential and its holder key.
 */
export function CredentialCard({
  entry,
  onDelete,
}: {
  entry: StoredCredential;
  onDelete: (title: string) => void;
}) {
  const titleId = useId();
  const brand = useBrand();
  const read = readCredential(entry.credential);
  if (read === null) return null;
  const title = fillBrand(credentialTitles[read.credentialType], brand);
  return (
    <article className="wallet-card mb-3" aria-labelledby={titleId}>
      <h3 id={titleId} className="h6 mb-3">
        {title}
      </h3>
      <dl className="wallet-card-details mb-2">
        {shownClaims(read.credentialType, read.claims).map((claim) => (
          <Fragment key={claim.name}>
            <dt>{claim.label}</dt>
            <dd>{claim.value}</dd>
          </Fragment>
        ))}
        {read.expiresAt && (
          <>
            <dt>{text.validUntil}</dt>
            <dd>{read.expiresAt.toLocaleDateString()}</dd>
          </>
        )}
      </dl>
      <Button
        variant="outline-light"
        size="sm"
        aria-label={text.deleteLabel(title)}
        onClick={() => onDelete(title)}
      >
        {text.delete}
      </Button>
    </article>
  );
}
