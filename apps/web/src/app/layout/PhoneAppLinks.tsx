import { useId } from 'react';
import type { MouseEvent } from 'react';
import { fillBrand, pageRoute, phoneAppLinkMessages as words } from '@anybank/contracts';
import { useBrand } from '../../lib/brand';
import { QrCode } from '../../components/ui/QrCode';
import { publicConfig } from '../../lib/config';
import { siteUrl, withBasePath } from '../../lib/public-config';

const MOBILE_PATH = pageRoute('mobile').paths[0] ?? '/mobile';
/** An iPhone's screen in CSS pixels: the window the phone app opens in beside the site. */
export const PHONE_WINDOW = { width: 390, height: 844 } as const;

/** Whether a URL only reaches this computer (a phone on the network cannot open it). */
export function isLocalOnly(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\./.test(host);
}

/**
 * Opens the phone app in a phone-sized window beside the site. A plain click only: a click
 * with a modifier (new tab, new window) and a browser without JavaScript follow the link.
 * `noopener`: the phone is another device, it gets none of this tab's session.
 */
function openBesideSite(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return;
  }
  event.preventDefault();
  const { width, height } = PHONE_WINDOW;
  window.open(
    event.currentTarget.href,
    'anybank-phone',
    `popup,width=${width},height=${height},noopener`,
  );
}

/**
 * The footer's way to the phone app: a link that opens it beside the site, and a
 * QR code of its public address (PUBLIC_URL) for a real phone, the address written out too.
 */
export function PhoneAppLinks() {
  const headingId = useId();
  const brand = useBrand();
  const branded = (text: string) => fillBrand(text, brand);
  const mobileHref = withBasePath(publicConfig.basePath, MOBILE_PATH);
  const publicMobileUrl = `${siteUrl(publicConfig)}${MOBILE_PATH}`;
  return (
    <section
      className="d-flex flex-column flex-sm-row align-items-sm-center gap-3 mt-4 pt-4 border-top border-secondary"
      aria-labelledby={headingId}
    >
      <QrCode
        value={publicMobileUrl}
        label={branded(words.qrLabel)}
        size={112}
        className="flex-shrink-0"
      />
      <div className="flex-grow-1">
        <h2 id={headingId} className="h6 text-uppercase">
          {branded(words.qrHeading)}
        </h2>
        <p className="small mb-1">
          {words.qrScan} <span className="text-break">{publicMobileUrl}</span>
        </p>
        {publicConfig.demoToolsEnabled && isLocalOnly(publicMobileUrl) && (
          <p className="small mb-1">{words.localAddressOnly}</p>
        )}
        <p className="mb-0">
          <a
            className="link-light"
            href={mobileHref}
            target="_blank"
            rel="noopener"
            onClick={openBesideSite}
          >
            {words.openBesideSite}
          </a>
          <span className="small d-block">{branded(words.openBesideSiteHint)}</span>
        </p>
      </div>
    </section>
  );
}
