import { Container, Nav, Navbar } from 'react-bootstrap';
import { Link, NavLink } from 'react-router';
import { Logo } from '../../components/ui/Logo';
import { useBrand } from '../../lib/brand';
import { AccountTabLink } from './AccountTabLink';
import { VISITOR_MENU, navbarExpandOf, type MenuItem } from './menu-options';
import { useSessionItem } from '../../lib/session-storage';
import { useMenuOptions } from './use-menu-options';
import { AuthButtons } from './AuthButtons';
import { ProspectNameField } from './ProspectNameField';
import { useShowingPageId } from './use-showing-page';

const COLLAPSE_ID = 'site-navbar-menu';

function MenuLink({ item, inert }: { item: MenuItem; inert: boolean }) {
  if (inert) return <span className="nav-link site-menu-item">{item.title}</span>;
  if (item.external) {
    return (
      <Nav.Link href={item.url} className="site-menu-item">
        {item.title}
      </Nav.Link>
    );
  }
  return (
    <Nav.Link as={NavLink} to={item.url} end className="site-menu-item">
      {item.title}
    </Nav.Link>
  );
}

export function SiteNavbar() {
  const { bankName } = useBrand();
  const signedIn = useSessionItem('subject') !== null;
  const userType = useSessionItem('{product}UserType');
  const token = useSessionItem('AT');
  // Document 1 §2.7: on the credit-card application's tab the menu is inert, and Account
  // closes the tab.
  const applicationTab = useShowingPageId() === 'credit-card';
  // Document 2 §6, §7: a signed-in customer's menu comes from the server (premier gets more).
  const customerToken = signedIn && userType === 'customer' ? token : null;
  const served = useMenuOptions(customerToken);
  // Document 2 §9: with more menu items than the limit the menu collapses below xl, not lg.
  const items = served ?? VISITOR_MENU;
  const expandAt = navbarExpandOf(items.length);
  return (
    <Navbar expand={expandAt} className="site-navbar bg-white border-bottom" aria-label="Main">
      <Container>
        <Navbar.Brand as={Link} to="/" aria-label={`${bankName} home`} className="me-3">
          <Logo />
        </Navbar.Brand>
        <ProspectNameField className={`ms-auto order-${expandAt}-last ms-${expandAt}-3`} />
        <Navbar.Toggle aria-controls={COLLAPSE_ID} className="ms-2" />
        <Navbar.Collapse id={COLLAPSE_ID}>
          <ul className="navbar-nav me-auto">
            {items.map((item) => (
              <li key={item.key} className="nav-item">
                <MenuLink item={item} inert={applicationTab} />
              </li>
            ))}
          </ul>
          {applicationTab && (
            <div className="py-2 py-xl-0 me-3">
              <AccountTabLink />
            </div>
          )}
          <AuthButtons />
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
