import { Col, Container, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import type { MouseEvent } from 'react';
import {
  FOOTER_COPYRIGHT_YEAR,
  PARTNER_LOGINS,
  isPartnerUserType,
  pageRoute,
} from '@anybank/contracts';
import { BehindTheScenesToggle } from '../../features/behind-the-scenes';
import { useBrand } from '../../lib/brand';
import { publicConfig } from '../../lib/config';
import { isIosUserAgent } from './device';
import { useSessionItem } from '../../lib/session-storage';
import { clearSession } from '../../lib/sign-in';
import { footerDemoLinks } from './footer-demo-links';
import { PhoneAppLinks } from './PhoneAppLinks';

const APP_STORE_URL = 'https://apps.apple.com/';

const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/' },
  { name: 'X', href: 'https://x.com/' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/' },
  { name: 'YouTube', href: 'https://www.youtube.com/' },
] as const;

const SUPPORT_PHONE = { display: '1-800-555-0100', href: 'tel:+18005550100' } as const;
const SUPPORT_EMAIL = 'support@anybank.example';

function pathOf(pageId: Parameters<typeof pageRoute>[0]): string {
  return pageRoute(pageId).paths[0] ?? '/';
}

export function SiteFooter() {
  const { bankName } = useBrand();
  const demoLinks = footerDemoLinks(publicConfig, isIosUserAgent(navigator.userAgent));
  const showDemoAdmin = demoLinks.includes('demo-admin');
  const showDemoScenarios = demoLinks.includes('demo-scenarios');
  const showInstallLink = demoLinks.includes('install-app');
  const subject = useSessionItem('subject');
  const userType = useSessionItem('{product}UserType');
  const signedInAsPartner = subject !== null && isPartnerUserType(userType);

  // §2.7: a partner login clicked while signed in as a partner clears the session and closes
  // the window (the portal was opened for one partner session).
  const onPartnerLogin = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!signedInAsPartner) return;
    event.preventDefault();
    clearSession();
    window.close();
  };
  return (
    <footer className="site-footer bg-dark text-light py-4 mt-auto">
      <Container>
        <Row className="g-4">
          <Col sm={6} lg={3}>
            <h2 className="h6 text-uppercase">Contact us</h2>
            <ul className="list-unstyled mb-0">
              <li>
                <a className="link-light" href={SUPPORT_PHONE.href}>
                  Call {SUPPORT_PHONE.display}
                </a>
              </li>
              <li>
                <a className="link-light" href={`mailto:${SUPPORT_EMAIL}`}>
                  {SUPPORT_EMAIL}
                </a>
              </li>
            </ul>
          </Col>
          <Col sm={6} lg={3}>
            <h2 className="h6 text-uppercase">Follow us</h2>
            <ul className="list-unstyled mb-0">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.name}>
                  <a
                    className="link-light"
                    href={social.href}
                    aria-label={`${bankName} on ${social.name}`}
                  >
                    {social.name}
                  </a>
                </li>
              ))}
            </ul>
          </Col>
          <Col sm={6} lg={3}>
            <h2 className="h6 text-uppercase">Partners</h2>
            <ul className="list-unstyled mb-0">
              {PARTNER_LOGINS.map((partner) => (
                <li key={partner.userType}>
                  <Link
                    className="link-light"
                    to={{ pathname: pathOf('redirect'), search: `?userType=${partner.userType}` }}
                    onClick={onPartnerLogin}
                  >
                    {partner.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Col>
          {(showDemoAdmin || showInstallLink) && (
            <Col sm={6} lg={3}>
              <h2 className="h6 text-uppercase">Demo</h2>
              <ul className="list-unstyled mb-0">
                {showDemoAdmin && (
                  <li>
                    <Link className="link-light" to={pathOf('admin')}>
                      Demo Admin
                    </Link>
                  </li>
                )}
                {showDemoScenarios && (
                  <li>
                    <Link className="link-light" to={pathOf('demo')}>
                      Demo scenarios
                    </Link>
                  </li>
                )}
                {showDemoAdmin && (
                  <li>
                    <BehindTheScenesToggle className="btn btn-link link-light p-0 align-baseline" />
                  </li>
                )}
                {showInstallLink && (
                  <li>
                    <a className="link-light" href={APP_STORE_URL}>
                      Install the App
                    </a>
                  </li>
                )}
              </ul>
            </Col>
          )}
        </Row>
        <PhoneAppLinks />
        <p className="small mt-4 mb-0">
          © {FOOTER_COPYRIGHT_YEAR} {bankName}
        </p>
      </Container>
    </footer>
  );
}
