import { Suspense, lazy, useMemo, useState } from 'react';
import { Container } from 'react-bootstrap';
import NavbarBrand from 'react-bootstrap/NavbarBrand';
import NavbarContext from 'react-bootstrap/NavbarContext';
import NavbarToggle from 'react-bootstrap/NavbarToggle';
import { Link, NavLink } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import { Logo } from '../../components/ui/Logo';
import { useBrand } from '../../lib/brand';
import { VISITOR_MENU, navbarExpandOf, type MenuItem } from './menu-options';
import { useSessionItem } from '../../lib/session-storage';
import { useMenuOptions } from './use-menu-options';
import { AuthButtons } from './AuthButtons';
import { NavbarMenu } from './NavbarMenu';
import { ProspectNameField } from './ProspectNameField';
import { useShowingPageId } from './use-showing-page';

const COLLAPSE_ID = 'site-navbar-menu';

/** Only the credit-card application's tab shows it (document 1 §2.7): loaded there. */
const AccountTabLink = lazy(async () => ({
  default: (await import('./AccountTabLink')).AccountTabLink,
}));

function MenuLink({ item, inert }: { item: MenuItem; inert: boolean }) {
  if (inert) return <span className="nav-link site-menu-item">{item.title}</span>;
  if (item.external) {
    return (
      <a href={item.url} className="nav-link site-menu-item">
        {item.title}
      </a>
    );
  }
  return (
    <NavLink to={item.url} end className="nav-link site-menu-item">
      {item.title}
    </NavLink>
  );
}

/**
 * The navbar is built from react-bootstrap's parts (brand, toggle and their context) rather than
 * `<Navbar>`, with its links plain `nav-link`s and its menu's collapse `NavbarMenu`: `Navbar`
 * brings its offcanvas (a modal, its manager and transitions, ~5 KB gzip), which the site never
 * shows, into the JavaScript of every first page (ADR 0024). The markup is `Navbar`'s own.
 */
export function SiteNavbar() {
  const { bankName } = useBrand();
  const signedIn = useSessionItem('subject') !== null;
  const userType = useSessionItem('{product}UserType');
  const token = useSessionItem('AT');
  // Document 1 §2.7: on the credit-card application's tab the menu is inert, and Account
  // closes the tab.
  const showingPageId = useShowingPageId();
  const applicationTab = showingPageId === 'credit-card';
  // An application's authorization page (pay by bank's consent): signed in for it already.
  const authButtons = showingPageId === null || pageRoute(showingPageId).noAuthButtons !== true;
  // Document 2 §6, §7: a signed-in customer's menu comes from the server (premier gets more).
  const customerToken = signedIn && userType === 'customer' ? token : null;
  const served = useMenuOptions(customerToken);
  // Document 2 §9: with more menu items than the limit the menu collapses below xl, not lg.
  const items = served ?? VISITOR_MENU;
  const expandAt = navbarExpandOf(items.length);
  const [expanded, setExpanded] = useState(false);
  const navbar = useMemo(
    () => ({
      onToggle: () => setExpanded((open) => !open),
      bsPrefix: 'navbar',
      expanded,
      expand: expandAt,
    }),
    [expanded, expandAt],
  );
  return (
    <NavbarContext value={navbar}>
      <nav
        className={`site-navbar bg-white border-bottom navbar navbar-expand-${expandAt} navbar-light`}
        aria-label="Main"
      >
        <Container>
          <NavbarBrand as={Link} to="/" aria-label={`${bankName} home`} className="me-3">
            <Logo />
          </NavbarBrand>
          <ProspectNameField className={`ms-auto order-${expandAt}-last ms-${expandAt}-3`} />
          <NavbarToggle aria-controls={COLLAPSE_ID} className="ms-2" />
          <NavbarMenu id={COLLAPSE_ID}>
            <ul className="navbar-nav me-auto">
              {items.map((item) => (
                <li key={item.key} className="nav-item">
                  <MenuLink item={item} inert={applicationTab} />
                </li>
              ))}
            </ul>
            {applicationTab && (
              <div className="py-2 py-xl-0 me-3">
                <Suspense fallback={null}>
                  <AccountTabLink />
                </Suspense>
              </div>
            )}
            {authButtons && <AuthButtons />}
          </NavbarMenu>
        </Container>
      </nav>
    </NavbarContext>
  );
}
