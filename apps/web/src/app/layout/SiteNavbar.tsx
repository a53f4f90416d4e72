import { Container, Navbar } from 'react-bootstrap';
import { Link } from 'react-router';
import { MENU_XL_BREAKPOINT_AFTER_ITEMS } from '@anybank/contracts';
import { Logo } from '../../components/ui/Logo';
import { AuthButtons } from './AuthButtons';
import { ProspectNameField } from './ProspectNameField';

/** Menu entries of the demo; none of them has a page yet, so they render as plain text. */
const MENU_ITEMS = ['Personal', 'Small Business', 'Wealth', 'About Us'] as const;

const COLLAPSE_ID = 'site-navbar-menu';

export function SiteNavbar() {
  // Document 2 §9: with more menu items than the limit the menu collapses below xl, not lg.
  const expandAt = MENU_ITEMS.length > MENU_XL_BREAKPOINT_AFTER_ITEMS ? 'xl' : 'lg';
  return (
    <Navbar expand={expandAt} className="site-navbar bg-white border-bottom" aria-label="Main">
      <Container>
        <Navbar.Brand as={Link} to="/" aria-label="AnyBank home" className="me-3">
          <Logo />
        </Navbar.Brand>
        <ProspectNameField className={`ms-auto order-${expandAt}-last ms-${expandAt}-3`} />
        <Navbar.Toggle aria-controls={COLLAPSE_ID} className="ms-2" />
        <Navbar.Collapse id={COLLAPSE_ID}>
          <ul className="navbar-nav me-auto">
            {MENU_ITEMS.map((item) => (
              <li key={item} className="nav-item">
                <span className="nav-link site-menu-item">{item}</span>
              </li>
            ))}
          </ul>
          <AuthButtons />
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
