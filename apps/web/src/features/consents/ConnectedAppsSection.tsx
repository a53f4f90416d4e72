import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Placeholder } from 'react-bootstrap';
import { messages } from '@anybank/contracts';
import type { ConnectedApp } from '@anybank/contracts';
import { fetchConnectedApps, revokeConnectedApp } from '../../lib/connected-apps-api';

const text = messages.connectedApps;

function connectedOn(iso: string): string {
  return text.connectedOn(new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' }));
}

/**
 * Issue 12 §4: the applications the customer let use their sign-in (the retail checkout), each
 * with Revoke, which ends its grants and tokens at once; its next sign-in asks again.
 */
export function ConnectedAppsSection() {
  const [apps, setApps] = useState<ConnectedApp[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [revoking, setRevoking] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchConnectedApps(controller.signal)
      .then((found) => {
        if (!controller.signal.aborted) setApps(found);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The connected apps could not be loaded', failure);
        setError(text.loadFailed);
        setApps([]);
      });
    return () => controller.abort();
  }, []);

  async function revoke(app: ConnectedApp) {
    if (revoking) return;
    setRevoking(app.clientId);
    setError(null);
    setNotice('');
    try {
      await revokeConnectedApp(app.clientId);
      setApps((current) => (current ?? []).filter((other) => other.clientId !== app.clientId));
      setNotice(text.revoked(app.name));
      // The button that had the focus is gone: the section's heading takes it.
      headingRef.current?.focus();
    } catch (failure) {
      console.warn('The connected app could not be revoked', failure);
      setError(text.revokeFailed);
    } finally {
      setRevoking(null);
    }
  }

  return (
    <section aria-labelledby="connected-apps-heading" className="mt-5">
      <h2 id="connected-apps-heading" ref={headingRef} tabIndex={-1} className="h4">
        {text.sectionHeading}
      </h2>
      <p>{text.sectionIntro}</p>
      <p role="status" className={notice ? 'alert alert-success' : 'visually-hidden'}>
        {notice}
      </p>
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {apps === null ? (
        <Placeholder as="div" animation="glow" aria-hidden="true">
          <Placeholder xs={8} className="d-block py-3" />
        </Placeholder>
      ) : apps.length === 0 ? (
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
                <ul className="small mb-0">
                  {app.scopes.map((scope) => (
                    <li key={scope}>{text.scopeText[scope] ?? scope}</li>
                  ))}
                </ul>
              </div>
              <Button
                variant="outline-danger"
                aria-label={text.revokeLabel(app.name)}
                onClick={() => void revoke(app)}
                disabled={revoking !== null}
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
