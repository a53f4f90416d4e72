import { useId } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import { messages, type RememberedBrowser } from '@anybank/contracts';
import { ManagedListStatus } from '../../components/ui/ManagedListStatus';
import { browserLabel } from '../../lib/browser-label';
import { useManagedList } from '../../lib/use-managed-list';
import { fetchRememberedBrowsers, forgetRememberedBrowser } from './remembered-browsers-api';

const text = messages.rememberedBrowsers;

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** "Chrome 156 on Linux", or what the user agent said of it. */
export function browserName(browser: Pick<RememberedBrowser, 'browser' | 'platform'>): string {
  return browserLabel(browser, text.onPlatform, text.unknownBrowser);
}

/**
 * Sign In & Password: the browsers that do not ask for the second factor (this
 * one marked), when each was remembered and last stood in for the factor, and "Forget".
 */
export function RememberedBrowsersSection() {
  const headingId = useId();
  const {
    items: browsers,
    error,
    notice,
    busy,
    headingRef,
    remove,
  } = useManagedList({
    load: fetchRememberedBrowsers,
    keyOf: (browser) => browser.id,
    loadFailed: text.loadFailed,
    loadFailureLog: 'The remembered browsers could not be loaded',
  });

  const forget = (browser: RememberedBrowser) =>
    remove(
      browser,
      () => forgetRememberedBrowser(browser.id),
      text.forgotten(browserName(browser)),
      text.forgetFailed,
      'The remembered browser could not be forgotten',
    );

  return (
    <Card className="shadow-sm" as="section" aria-labelledby={headingId}>
      <Card.Body>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h5">
          {text.heading}
        </h2>
        <p>{text.intro}</p>
        <ManagedListStatus notice={notice} error={error} loading={browsers === null} />
        {browsers === null ? null : browsers.length === 0 ? (
          !error && <p className="text-body-secondary mb-0">{text.none}</p>
        ) : (
          <ul className="list-group" aria-label={text.heading}>
            {browsers.map((browser) => (
              <li
                key={browser.id}
                className="list-group-item py-3 d-flex flex-wrap justify-content-between align-items-start gap-2"
              >
                <div>
                  <h3 className="h6 mb-1">
                    {browserName(browser)}
                    {browser.current && (
                      <Badge bg="secondary" className="ms-2">
                        {text.thisBrowser}
                      </Badge>
                    )}
                  </h3>
                  <p className="small text-body-secondary mb-0">
                    {text.rememberedOn(day(browser.rememberedAt))}
                    {' · '}
                    {browser.lastUsedAt ? text.lastUsed(day(browser.lastUsedAt)) : text.neverUsed}
                  </p>
                </div>
                <Button
                  variant="outline-danger"
                  aria-label={text.forgetLabel(
                    browser.current ? text.thisBrowser.toLowerCase() : browserName(browser),
                  )}
                  onClick={() => void forget(browser)}
                  disabled={busy !== null}
                >
                  {text.forget}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card.Body>
    </Card>
  );
}
