// The built-in sign-in page, served by an endpoint (pages/login.ts) rather
// than an .astro page. Why: @astrojs/sitemap lists every route of type
// 'page' that has a fixed pathname (it reads them in `astro:routes:resolved`,
// prerendered or not), plus the prerendered pages `astro:build:done` reports.
// An endpoint is a route of type 'endpoint', which it skips, so the sign-in
// page never reaches a sitemap (nor does `/api/cms/[...path]`: an endpoint,
// and dynamic). The page carries its own CSP, with hashes of its one script
// and one style, so it needs nothing from the site's CSP setup.

import { editorPageHtml, escapeHtml } from './editor-page.ts';

const STYLE = `:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{display:grid;place-items:center;min-height:100vh;margin:0;background:Canvas}
form{display:grid;gap:.75rem;width:min(22rem,90vw);padding:2rem;border:1px solid #8884;border-radius:.75rem}
h1{margin:0 0 .5rem;font-size:1.4rem}
label{display:grid;gap:.25rem;font-size:.9rem}
input{font:inherit;padding:.55rem .6rem;border:1px solid #8888;border-radius:.4rem}
button{font:inherit;padding:.6rem;border:0;border-radius:.4rem;background:#1f5f8b;color:#fff;cursor:pointer}
button:disabled{opacity:.6}
[role=alert]{min-height:1.3em;margin:0;color:#b3261e;font-size:.9rem}`;

// Posts JSON to the login route, then goes to `data-next` (already checked to be a path on this site).
const SCRIPT = `const form = document.getElementById('louise-login');
const error = document.getElementById('louise-login-error');
form.addEventListener('submit', async (event) => {
  event.preventDefault();
  const button = form.querySelector('button');
  button.disabled = true;
  error.textContent = '';
  try {
    const data = new FormData(form);
    const res = await fetch('/api/cms/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: data.get('email'), password: data.get('password') }),
    });
    if (res.status === 204) return location.assign(form.dataset.next);
    const body = await res.json().catch(() => ({}));
    error.textContent = body.message || \`Sign-in failed (\${res.status}). Try again.\`;
  } catch {
    error.textContent = 'Could not reach the server. Check your connection and try again.';
  }
  button.disabled = false;
});`;

let csp: Promise<string> | undefined;

/** The page's Content-Security-Policy: nothing but its own script and style, and fetches to this origin. */
export function signInCsp(): Promise<string> {
  csp ??= Promise.all([sha256(SCRIPT), sha256(STYLE)]).then(
    ([script, style]) =>
      `default-src 'none'; script-src '${script}'; style-src '${style}'; connect-src 'self'; img-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'`,
  );
  return csp;
}

/**
 * The sign-in page's response. `next` must already be a safe path on this
 * site (`safeNext`); it is escaped into an attribute here. Never cached,
 * never indexed.
 */
export async function signInPage(next: string): Promise<Response> {
  const body = `<main>
<form id="louise-login" data-next="${escapeHtml(next)}" novalidate>
<h1>Sign in to edit</h1>
<label>Email <input name="email" type="email" autocomplete="username" required autofocus></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<p role="alert" id="louise-login-error"></p>
<button type="submit">Sign in</button>
</form>
</main>
<script>${SCRIPT}</script>`;
  const html = editorPageHtml({ title: 'Sign in to edit', style: STYLE, body });
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-robots-tag': 'noindex',
    'content-security-policy': await signInCsp(),
  };
  return new Response(html, { headers });
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `sha256-${btoa(String.fromCharCode(...digest))}`;
}
