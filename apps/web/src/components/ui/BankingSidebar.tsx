import { NavLink } from 'react-router';
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

export function BankingSidebar() {
  return (
    <nav aria-label="Banking" className="banking-sidebar border rounded p-3 bg-body-tertiary">
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
  );
}
