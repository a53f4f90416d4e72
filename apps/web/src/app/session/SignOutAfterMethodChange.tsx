import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageRoute } from '@anybank/contracts';
import { normalizePath } from '../../lib/paths';
import { useSessionItem } from '../../lib/session-storage';
import { signOut } from '../../lib/sign-in';

const METHOD_PAGE_PATHS = pageRoute('signin-password').paths.map(normalizePath);

/**
 * Document 2 §4: after a sign-in method switch the session flag `authnPreferenceChanged` is
 * set and the page goes to /banking after 2 s; any page other than Sign In & Password then
 * signs the user out, so the next sign-in uses the new method.
 */
export function SignOutAfterMethodChange() {
  const changed = useSessionItem('authnPreferenceChanged') !== null;
  const { pathname } = useLocation();
  const onMethodPage = METHOD_PAGE_PATHS.includes(normalizePath(pathname));
  useEffect(() => {
    if (changed && !onMethodPage) signOut();
  }, [changed, onMethodPage]);
  return null;
}
