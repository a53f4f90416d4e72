import { useEffect, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import type { PageId } from '@anybank/contracts';

interface SidebarEntry {
  label: string;
  /** The page it opens; entries without one lead nowhere in the demo and render as text. */
  pageId?: PageId;
  children?: readonly SidebarEntry[];
}

/** Document 2 §2, "Sidebar on banking and profile pages". */
const SIDEBAR: readonly SidebarEntry[] = [
  {
    label: 'Pay & Transfer',
    pageId: 'pay-and-transfer',
    children: [
      { label: 'Pay Bills' },
      { label: 'Transfer Money', pageId: 'transfer-money' },
      { label: 'Wire Money' },
      { label: 'Payment Activity', pageId: 'payment-activity' },
      { label: 'Fastpay with Zelle' },
    ],
  },
  { label: 'Banking & Credit Accounts', pageId: 'dashboard' },
  { label: 'Loans & Lines of Credit' },
  { label: 'Investment Accounts' },
  {
    label: 'Profile & Settings',
    pageId: 'profile-settings',
    children: [
      { label: 'Personal Details', pageId: 'profile' },
      { label: 'Communications Preferences', pageId: 'communication-preferences' },
      { label: 'Privacy & Security Settings', pageId: 'privacy-security' },
      { label: 'Sign In & Password', pageId: 'signin-password' },
      { label: 'Alerts' },
      { label: 'Account Settings' },
    ],
  },
  { label: 'Messages' },
];

function SidebarLabel({ entry }: { entry: SidebarEntry }) {
  if (!entry.pageId) {
    return (
      <span className="sidebar-inert d-block py-1">
        {entry.label}
        <span className="visually-hidden"> (not available in this demo)</span>
      </span>
    );
  }
  return (
    <NavLink to={pageRoute(entry.pageId).paths[0] ?? '/'} end className="sidebar-link d-block py-1">
      {entry.label}
    </NavLink>
  );
}

const NAV_ID = 'banking-sidebar';

/**
 * The sidebar beside the page from Bootstrap's `sm` (576 px) up. Narrower, on a phone, its 18
 * entries would come before every page's content: there it folds behind a "Banking menu" button
 * (a disclosure: WAI-ARIA APG "Disclosure Navigation Menu"), the page's heading and content
 * first. The button, Escape and going to another page close it (app.css `.banking-sidebar`).
 */
export function BankingSidebar() {
  const { pathname } = useLocation();
  // The page it was opened on: open there only, so following one of its links closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const disclosureRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // The focus, if it was in the menu that now hides, goes back to the button.
      const focusWasInside = disclosureRef.current?.contains(document.activeElement) ?? false;
      setOpenOn(null);
      if (focusWasInside) buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <div ref={disclosureRef}>
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-outline-secondary btn-sm d-sm-none"
        aria-expanded={open}
        aria-controls={NAV_ID}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        Banking menu
      </button>
      <nav
        id={NAV_ID}
        aria-label="Banking"
        className={`banking-sidebar border rounded p-3 bg-body-tertiary${open ? ' open' : ''}`}
      >
        <ul className="list-unstyled mb-0">
          {SIDEBAR.map((entry) => (
            <li key={entry.label} className="fw-semibold">
              <SidebarLabel entry={entry} />
              {entry.children && (
                <ul className="list-unstyled ps-3 mb-2 fw-normal small">
                  {entry.children.map((child) => (
                    <li key={child.label}>
                      <SidebarLabel entry={child} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
