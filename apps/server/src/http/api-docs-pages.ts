import { API_DOCS_PATHS, apiDocsMessages } from '@anybank/contracts';
import { escapeHtml } from './html';

/**
 * The API reference's two pages (ADR 0019): the viewer (Swagger UI) and the page
 * its "Authorize" sign-in returns to. Neither has an inline script or style, so both run under
 * the site's one Content-Security-Policy: the viewer's settings travel in data attributes,
 * read by a script file (`API_DOCS_SCRIPT`) served beside Swagger UI's own files.
 */

/** Where a file of the viewer is served (`GET /api/docs/:file`), under the base path. */
export function viewerFileUrl(basePath: string, file: string, version?: string): string {
  return `${basePath}${API_DOCS_PATHS.page}/${file}${version ? `?v=${encodeURIComponent(version)}` : ''}`;
}

export interface ApiDocsPageSettings {
  basePath: string;
  /** swagger-ui-dist's version: in its files' URLs, so that a new one is fetched anew. */
  viewerVersion: string;
  /** The redirect URI the OAuth client has registered: absolute, exactly as registered. */
  oauthRedirectUrl: string;
  oauthClientId: string;
  oauthScopes: readonly string[];
}

/** The viewer: Swagger UI on the OpenAPI document, its "Authorize" set up for this bank. */
export function renderApiDocsPage(settings: ApiDocsPageSettings): string {
  const { basePath, viewerVersion } = settings;
  const text = apiDocsMessages;
  const documentUrl = `${basePath}${API_DOCS_PATHS.document}`;
  const data = {
    'document-url': documentUrl,
    'operations-heading': text.operationsHeading,
    'authorization-label': text.authorizationLabel,
    'authorizations-label': text.authorizationsLabel,
    'close-label': text.closeLabel,
    'oauth-redirect-url': settings.oauthRedirectUrl,
    'oauth-client-id': settings.oauthClientId,
    'oauth-scopes': settings.oauthScopes.join(' '),
  };
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text.title)} · AnyBank</title>
<link rel="stylesheet" href="${escapeHtml(viewerFileUrl(basePath, 'swagger-ui.css', viewerVersion))}">
<link rel="stylesheet" href="${escapeHtml(viewerFileUrl(basePath, API_DOCS_STYLE_FILE))}">
</head>
<body>
<div id="swagger-ui"${attributes}></div>
<noscript><p>${escapeHtml(text.noScript)} <a href="${escapeHtml(documentUrl)}">${escapeHtml(text.documentLink)}</a></p></noscript>
<script src="${escapeHtml(viewerFileUrl(basePath, 'swagger-ui-bundle.js', viewerVersion))}" defer></script>
<script src="${escapeHtml(viewerFileUrl(basePath, API_DOCS_SCRIPT_FILE))}" defer></script>
</body>
</html>
`;
}

/**
 * Where the sign-in window lands with the code: Swagger UI's own script hands the code and
 * state to the reference that opened the window (same origin only), which exchanges the code
 * with its PKCE verifier, and closes the window.
 */
export function renderOAuthReturnPage(basePath: string, viewerVersion: string): string {
  const text = apiDocsMessages;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(text.signInReturnTitle)} · AnyBank</title></head>
<body>
<main><h1>${escapeHtml(text.signInReturnTitle)}</h1><p>${escapeHtml(text.signInReturnText)}</p></main>
<script src="${escapeHtml(viewerFileUrl(basePath, 'oauth2-redirect.js', viewerVersion))}"></script>
</body>
</html>
`;
}

export const API_DOCS_SCRIPT_FILE = 'api-docs.js';
export const API_DOCS_STYLE_FILE = 'api-docs.css';

/**
 * Starts Swagger UI with the page's settings. The validator badge is off (its image comes from
 * validator.swagger.io: nothing is fetched from outside the bank); the token stays in this
 * page's memory and is gone when it closes (`persistAuthorization: false`). Deep links are off:
 * each one is a link inside the operation's button (a control within a control, too small to
 * hit). The plugin adds what Swagger UI's markup lacks: landmarks for the title and the
 * Authorize button, a heading for the operations between the title (h1) and the groups (h3)
 * (axe: region, heading-order), and a real dialog for the authorizations: named, modal, focus
 * moved into it when it opens and back to Authorize when it closes (Escape closes it already);
 * and a code box that scrolls can be reached with the keyboard (scrollable-region-focusable).
 */
export const API_DOCS_SCRIPT = `(function () {
  'use strict';
  var container = document.getElementById('swagger-ui');
  if (!container || typeof window.SwaggerUIBundle !== 'function') return;
  var settings = container.dataset;
  function accessibility(system) {
    var h = system.React.createElement;
    function within(attributes) {
      return function (Original) {
        return function (props) {
          return h('div', attributes, h(Original, props));
        };
      };
    }
    // Swagger UI's own markup in the dialog: the close button has no name, the Authorize and
    // Logout buttons are named otherwise than they read (WCAG 2.5.3), and a scheme's (h4)
    // "Scopes" is an h2 and its "Authorized" an h6: named as they read, headings at their place.
    function mendDialogMarkup(root) {
      var misplaced = '.auth-container h2:not([aria-level]), .auth-container h6:not([aria-level])';
      root.querySelectorAll(misplaced).forEach(function (heading) {
        heading.setAttribute('aria-level', '5');
      });
      var close = root.querySelector('.close-modal:not([aria-label])');
      if (close) close.setAttribute('aria-label', settings.closeLabel);
      root.querySelectorAll('.auth-btn-wrapper button[aria-label]').forEach(function (button) {
        button.removeAttribute('aria-label');
      });
    }
    function AuthorizationDialog(props) {
      var Original = props.original;
      var dialog = system.React.useRef(null);
      system.React.useEffect(function () {
        var root = dialog.current;
        var opener = document.activeElement;
        if (!root) return undefined;
        mendDialogMarkup(root);
        var observer = new MutationObserver(function () {
          mendDialogMarkup(root);
        });
        observer.observe(root, { childList: true, subtree: true });
        var first = root.querySelector('button, input, select');
        if (first) first.focus();
        return function () {
          observer.disconnect();
          if (opener && typeof opener.focus === 'function') opener.focus();
        };
      }, []);
      return h(
        'div',
        {
          ref: dialog,
          className: 'api-docs-dialog',
          role: 'dialog',
          'aria-modal': 'true',
          'aria-label': settings.authorizationsLabel,
        },
        h('h2', { className: 'api-docs-visually-hidden' }, settings.authorizationsLabel),
        h(Original, props.inner)
      );
    }
    return {
      wrapComponents: {
        authorizationPopup: function (Original) {
          return function (props) {
            return h(AuthorizationDialog, { original: Original, inner: props });
          };
        },
        InfoContainer: within({ role: 'banner' }),
        AuthorizeBtnContainer: within({ role: 'region', 'aria-label': settings.authorizationLabel }),
        operations: function (Original) {
          return function (props) {
            return h(
              'div',
              null,
              h('h2', { className: 'api-docs-visually-hidden' }, settings.operationsHeading),
              h(Original, props)
            );
          };
        },
      },
    };
  }
  var ui = window.SwaggerUIBundle({
    url: settings.documentUrl,
    domNode: container,
    deepLinking: false,
    // The highlighting theme's colours fall below 4.5:1 on its dark background: plain text.
    syntaxHighlight: false,
    validatorUrl: null,
    persistAuthorization: false,
    oauth2RedirectUrl: settings.oauthRedirectUrl,
    plugins: [accessibility],
  });
  ui.initOAuth({
    clientId: settings.oauthClientId,
    scopes: settings.oauthScopes.split(' '),
    usePkceWithAuthorizationCodeGrant: true,
  });
  // A long example or answer scrolls in its box: the keyboard must reach it to scroll it.
  function focusableCode() {
    container.querySelectorAll('.highlight-code > pre:not([tabindex])').forEach(function (code) {
      code.setAttribute('tabindex', '0');
    });
  }
  new MutationObserver(focusableCode).observe(container, { childList: true, subtree: true });
})();
`;

/**
 * What Swagger UI's own style leaves below WCAG AA: text colours under 4.5:1 on
 * their background, and the one-server picker, which has no label (there is one server: it is
 * the document's). Each rule names Swagger UI's class it corrects.
 */
export const API_DOCS_STYLE = `.api-docs-visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
}
/* The dialog around Swagger UI's authorizations covers the page, as its backdrop does. */
.api-docs-dialog {
  position: fixed;
  inset: 0;
  z-index: 9999;
}
.swagger-ui .scheme-container .schemes > .schemes-server-container {
  display: none;
}
.swagger-ui .info .title small {
  background: #5c6370;
}
.swagger-ui .info .title small.version-stamp {
  background: #3d6b00;
}
.swagger-ui .info a,
.swagger-ui .info .url {
  color: #1565c0;
}
.swagger-ui .btn.authorize {
  border-color: #1b7f4f;
  color: #1b7f4f;
}
.swagger-ui .btn.authorize svg {
  color: #1b7f4f;
}
.swagger-ui .btn.cancel {
  border-color: #c62828;
  color: #c62828;
}
.swagger-ui .btn.execute {
  background-color: #1565c0;
  border-color: #1565c0;
}
.swagger-ui .download-contents {
  background: #5c6370;
}
.swagger-ui .opblock.opblock-get .opblock-summary-method {
  background: #1565c0;
}
.swagger-ui .opblock.opblock-post .opblock-summary-method {
  background: #1b7f4f;
}
.swagger-ui .opblock.opblock-put .opblock-summary-method {
  background: #a85a00;
}
.swagger-ui .opblock.opblock-delete .opblock-summary-method {
  background: #c62828;
}
.swagger-ui .opblock.opblock-patch .opblock-summary-method {
  background: #00796b;
}
/* Swagger UI fades its buttons' colours in (0.3 s: Execute's white text starts on a transparent
   background, below WCAG's contrast until the fade ends) and grows an operation's "Copy path"
   button from no width to 24px on hover (0.5 s: a target below WCAG 2.2's 24px, 2.5.8). Both
   change at once here. */
.swagger-ui .btn,
.swagger-ui .opblock .opblock-summary .view-line-link {
  transition: none;
}
`;
