import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { messages, pageRoute } from '@anybank/contracts';

const ACCOUNT_PATH = pageRoute('dashboard').paths[0] ?? '/';

/**
 * The navbar's Account link on the application tab (document 1 §2.7): the application was
 * opened beside the account in a new tab, so Account closes this tab and the account shows
 * again. A tab the browser will not let a script close (its address typed in) goes to the
 * account instead.
 */
export function AccountTabLink() {
  const closeTab = (event: MouseEvent<HTMLAnchorElement>) => {
    window.close();
    if (window.closed) event.preventDefault();
  };
  return (
    <Link to={ACCOUNT_PATH} className="btn btn-outline-primary" onClick={closeTab}>
      {messages.creditCard.accountLink}
    </Link>
  );
}
