import { escapeHtml } from '../../../http/html';

/**
 * The few pages the OAuth server itself renders. No inline script or style (CSP): the
 * sign-out page submits its form with a script file served by the bank.
 */
function page(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · AnyBank</title>${head}</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>`;
}

export const LOGOUT_SCRIPT_PATH = '/oidc/logout-submit.js';

/** Confirms the sign-out without asking: the script adds logout=yes and submits the form. */
export const LOGOUT_SCRIPT = `(function () {
  var form = document.getElementById('op.logoutForm');
  if (!form) return;
  var input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'logout';
  input.value = 'yes';
  form.appendChild(input);
  form.submit();
})();
`;

export function renderLogoutPage(form: string, basePath: string): string {
  return page(
    'Signing you out…',
    `${form}<p><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></p>`,
    `<script src="${escapeHtml(basePath)}${LOGOUT_SCRIPT_PATH}" defer></script>`,
  );
}

export function renderSignedOutPage(site: string): string {
  return page('You are signed out', `<p><a href="${escapeHtml(site)}/">Back to AnyBank</a></p>`);
}

export function renderOidcErrorPage(
  out: { error?: string; error_description?: string },
  site: string,
): string {
  const what = out.error_description ?? out.error ?? 'The sign-in request could not be completed.';
  return page(
    'Sign-in problem',
    `<p>${escapeHtml(what)}</p><p><a href="${escapeHtml(site)}/">Back to AnyBank</a></p>`,
  );
}
