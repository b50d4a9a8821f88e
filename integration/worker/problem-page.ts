import type { DbProblem } from '../../src/http/db-problem.ts';
import { editorPageHtml, escapeHtml } from './editor-page.ts';

const STYLE = `:root{color-scheme:light dark;font-family:system-ui,sans-serif}
body{display:grid;place-items:center;min-height:100vh;margin:0}
main{width:min(36rem,90vw);padding:2rem;border:1px solid #8884;border-radius:.75rem}
h1{margin:0 0 .75rem;font-size:1.4rem}
code{padding:.1rem .3rem;border-radius:.25rem;background:#8882}`;

const TITLES: Record<DbProblem['code'], string> = {
  db_missing: 'Louise has no database',
  db_unmigrated: 'Louise’s tables are missing',
  db_unavailable: 'The database is unreachable',
};

/**
 * The page a would-be editor gets instead of the site when the database
 * cannot serve Louise: what is wrong and what to run (commands in the
 * message are `backquoted`, shown as code). 503, never cached, never indexed.
 */
export function problemPage(problem: DbProblem): Response {
  const title = TITLES[problem.code];
  const message = escapeHtml(problem.message).replace(/`([^`]+)`/g, '<code>$1</code>');
  const body = `<main>
<h1>${title}</h1>
<p data-louise-problem="${problem.code}">${message}</p>
<p>Only editors see this page: visitors are served the site.</p>
</main>`;
  const html = editorPageHtml({ title, style: STYLE, body });
  return new Response(html, {
    status: 503,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '30', 'x-robots-tag': 'noindex' },
  });
}
