import { useId } from 'react';
import {
  formatCentsWithSeparators,
  behindTheScenesMessages as text,
  type Journey,
} from '@anybank/contracts';
import { SignatureCheck, issuedTokensOf } from './IssuedTokens';
import { PanelEntry } from './PanelEntry';

/** The ledger entries a confirmed transfer wrote, the debit first. */
function LedgerEntries({ details }: { details: Record<string, unknown> }) {
  const entries = Array.isArray(details.entries) ? (details.entries as unknown[]) : [];
  return (
    <ul className="bts-ledger small mb-1" aria-label="Ledger entries">
      {entries.map((entry, index) => {
        const { accountId, amountCents } = entry as { accountId?: unknown; amountCents?: unknown };
        if (typeof accountId !== 'string' || typeof amountCents !== 'number') return null;
        const sign = amountCents < 0 ? '−' : '+';
        return (
          <li key={index}>
            Ledger: {sign}${formatCentsWithSeparators(Math.abs(amountCents))} account ending{' '}
            {accountId.slice(-4)}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One journey of the panel: its plain sentence first (who did what, how, at what risk), the
 * tokens it ended with and whether their signatures verified, the ledger entries it wrote, then,
 * folded, each step as the bank recorded it, oldest first.
 */
export function JourneyCard({ journey }: { journey: Journey }) {
  const titleId = useId();
  const tokens = journey.entries
    .filter((entry) => entry.type === 'token.issued')
    .flatMap((entry) => issuedTokensOf(entry.details));
  const started = journey.entries[0]?.at;
  const moved = journey.entries.filter((entry) => entry.type === 'transfer.confirmed');
  return (
    <li>
      <article
        className="bts-journey"
        aria-labelledby={titleId}
        data-kind={journey.kind}
        data-journey={journey.id}
      >
        <div className="d-flex justify-content-between gap-2">
          <h3 id={titleId} className="h6 mb-1">
            {journey.title}
          </h3>
          {started && (
            <time className="small text-body-secondary" dateTime={started}>
              {new Date(started).toLocaleTimeString()}
            </time>
          )}
        </div>
        <p className="bts-headline mb-1">{journey.headline}</p>
        {tokens.length > 0 && (
          <>
            <ul className="bts-signatures list-unstyled small mb-0">
              {tokens.map((token) => (
                <li key={token.signingInput}>
                  {token.kind}: <SignatureCheck token={token} />
                </li>
              ))}
            </ul>
            <p className="small text-body-secondary mb-1">{text.signatureCheckedBy}</p>
          </>
        )}
        {moved.map((entry) => (
          <LedgerEntries key={entry.id} details={entry.details} />
        ))}
        <details className="bts-steps">
          <summary className="small">{text.steps(journey.entries.length)}</summary>
          <ol className="list-unstyled mb-0">
            {journey.entries.map((entry) => (
              <PanelEntry key={entry.id} entry={entry} />
            ))}
          </ol>
        </details>
      </article>
    </li>
  );
}
