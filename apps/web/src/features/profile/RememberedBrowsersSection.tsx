import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Placeholder } from 'react-bootstrap';
import { messages, type RememberedBrowser } from '@anybank/contracts';
import { fetchRememberedBrowsers, forgetRememberedBrowser } from './remembered-browsers-api';

const text = messages.rememberedBrowsers;

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** "Chrome 156 on Linux", or what the user agent said of it. */
export function browserName(browser: Pick<RememberedBrowser, 'browser' | 'platform'>): string {
  if (browser.browser && browser.platform)
    return text.onPlatform(browser.browser, browser.platform);
  return browser.browser ?? browser.platform ?? text.unknownBrowser;
}

/**
 * Issue 14 §3 on Sign In & Password: the browsers that do not ask for the second factor (this
 * one marked), when each was remembered and last stood in for the factor, and "Forget".
 */
export function RememberedBrowsersSection() {
  const headingId = useId();
  const [browsers, setBrowsers] = useState<RememberedBrowser[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [forgetting, setForgetting] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchRememberedBrowsers(controller.signal)
      .then((found) => {
        if (!controller.signal.aborted) setBrowsers(found);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('The remembered browsers could not be loaded', failure);
        setError(text.loadFailed);
        setBrowsers([]);
      });
    return () => controller.abort();
  }, []);

  async function forget(browser: RememberedBrowser) {
    if (forgetting) return;
    setForgetting(browser.id);
    setError(null);
    setNotice('');
    try {
      await forgetRememberedBrowser(browser.id);
      setBrowsers((current) => (current ?? []).filter((other) => other.id !== browser.id));
      setNotice(text.forgotten(browserName(browser)));
      // The button that had the focus is gone: the section's heading takes it.
      headingRef.current?.focus();
    } catch (failure) {
      console.warn('The remembered browser could not be forgotten', failure);
      setError(text.forgetFailed);
    } finally {
      setForgetting(null);
    }
  }

  return (
    <Card className="shadow-sm" as="section" aria-labelledby={headingId}>
      <Card.Body>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="h5">
          {text.heading}
        </h2>
        <p>{text.intro}</p>
        <p role="status" className={notice ? 'alert alert-success' : 'visually-hidden'}>
          {notice}
        </p>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        {browsers === null ? (
          <Placeholder as="div" animation="glow" aria-hidden="true">
            <Placeholder xs={8} className="d-block py-3" />
          </Placeholder>
        ) : browsers.length === 0 ? (
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
                  disabled={forgetting !== null}
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
