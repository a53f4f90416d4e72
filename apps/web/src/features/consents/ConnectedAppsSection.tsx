import { Button } from 'react-bootstrap';
import { assistantUseText, messages, payByBankMessages as payText } from '@anybank/contracts';
import type { ConnectedApp } from '@anybank/contracts';
import { ManagedListStatus } from '../../components/ui/ManagedListStatus';
import { formatUsd } from '../../lib/accounts';
import { useManagedList } from '../../lib/use-managed-list';
import { fetchConnectedApps, revokeConnectedApp } from '../../lib/connected-apps-api';

const text = messages.connectedApps;

function connectedOn(iso: string): string {
  return text.connectedOn(new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }));
}

/** An assistant's last use (ADR 0029): "Last used on Dec 7, 2026: it read your statements." */
function lastUsed({ at, what }: NonNullable<ConnectedApp['lastUsed']>): string {
  const date = new Date(at).toLocaleDateString('en-US', { dateStyle: 'medium' });
  return text.lastUsed(date, assistantUseText[what] ?? what);
}

/**
 * The applications the customer let use their sign-in (the retail checkout), each
 * with Revoke, which ends its grants and tokens at once; its next sign-in asks again.
 */
export function ConnectedAppsSection() {
  const {
    items: apps,
    error,
    notice,
    busy,
    headingRef,
    remove,
  } = useManagedList({
    load: fetchConnectedApps,
    keyOf: (app) => app.clientId,
    loadFailed: text.loadFailed,
    loadFailureLog: 'The connected apps could not be loaded',
  });

  const revoke = (app: ConnectedApp) =>
    remove(
      app,
      () => revokeConnectedApp(app.clientId),
      text.revoked(app.name),
      text.revokeFailed,
      'The connected app could not be revoked',
    );

  return (
    <section aria-labelledby="connected-apps-heading" className="mt-5">
      <h2 id="connected-apps-heading" ref={headingRef} tabIndex={-1} className="h4">
        {text.sectionHeading}
      </h2>
      <p>{text.sectionIntro}</p>
      <ManagedListStatus notice={notice} error={error} loading={apps === null} />
      {apps === null ? null : apps.length === 0 ? (
        !error && <p className="text-body-secondary">{text.none}</p>
      ) : (
        <ul className="list-group" aria-label={text.sectionHeading}>
          {apps.map((app) => (
            <li
              key={app.clientId}
              className="list-group-item py-3 d-flex flex-wrap justify-content-between align-items-start gap-2"
            >
              <div>
                <h3 className="h6 mb-1">{app.name}</h3>
                <p className="small text-body-secondary mb-1">{connectedOn(app.connectedAt)}</p>
                {app.lastUsed && (
                  <p className="small text-body-secondary mb-1">{lastUsed(app.lastUsed)}</p>
                )}
                <ul className="small mb-0">
                  {app.scopes.map((scope) => (
                    <li key={scope}>{text.scopeText[scope] ?? scope}</li>
                  ))}
                </ul>
                {app.payments && app.payments.length > 0 && (
                  <ul
                    className="small mb-0 mt-2"
                    aria-label={payText.connectedPaymentsLabel(app.name)}
                  >
                    {app.payments.map((payment) => (
                      <li key={`${payment.reference}-${payment.decidedAt}`}>
                        {payText.connectedPayment(
                          formatUsd(payment.amountCents),
                          payment.payeeName,
                          payment.reference,
                        )}
                        : {payText.connectedPaymentStatus[payment.status] ?? payment.status}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              <Button
                variant="outline-danger"
                aria-label={text.revokeLabel(app.name)}
                onClick={() => void revoke(app)}
                disabled={busy !== null}
              >
                {text.revoke}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
