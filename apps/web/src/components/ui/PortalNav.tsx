import { Container } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { pageRoute } from '@anybank/contracts';
import type { PageId } from '@anybank/contracts';
import { normalizePath } from '../../lib/paths';

export interface PortalNavItem {
  pageId: PageId;
  label: string;
}

interface PortalNavProps {
  /** The navigation landmark's name ('Advisor portal'). */
  label: string;
  items: readonly PortalNavItem[];
  /** Shown at the end of the bar (the marketing portal's Sign Out). */
  end?: ReactNode;
}

function isCurrent(pageId: PageId, pathname: string): boolean {
  return pageRoute(pageId).paths.some((path) => normalizePath(path) === normalizePath(pathname));
}

/**
 * A partner portal's top navigation: one link per page, the page shown marked as current
 * (under any of its paths, `/advisor` or `/app/advisor`).
 */
export function PortalNav({ label, items, end }: PortalNavProps) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="bg-primary">
      <Container className="d-flex flex-wrap align-items-center">
        <ul className="nav me-auto">
          {items.map((item) => {
            const current = isCurrent(item.pageId, pathname);
            return (
              <li key={item.pageId} className="nav-item">
                <Link
                  to={pageRoute(item.pageId).paths[0] ?? '/'}
                  className={`nav-link text-white${current ? ' fw-semibold text-decoration-underline' : ''}`}
                  aria-current={current ? 'page' : undefined}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
        {end}
      </Container>
    </nav>
  );
}
