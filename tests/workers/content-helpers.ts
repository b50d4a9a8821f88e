import { env } from 'cloudflare:test';
import { pages, pagesVersions } from '../../src/db/schema.ts';
import { runEditorRoute, type EditorRoute } from '../../src/http/route.ts';
import type { EditorSession, ResolveEditor } from '../../src/http/session.ts';
import { composeRoutes } from '../../src/http/compose.ts';

export const ORIGIN = 'https://site.test';

export { pagesCollection } from './pages-collection.ts';

export const tables = { table: pages, versionsTable: pagesVersions } as const;

/** Test sign-in: `x-editor: <id>` (and `x-publish: 1` for the publish privilege). */
export const headerEditor: ResolveEditor<unknown> = (request) => {
  const id = request.headers.get('x-editor');
  if (!id) return null;
  return { id, email: `${id}@site.test`, name: id, access: { publish: request.headers.get('x-publish') === '1' } } satisfies EditorSession;
};

export interface Call {
  method?: string;
  body?: unknown;
  editor?: string | null;
  publish?: boolean;
  cookie?: string;
  origin?: string;
}

/** Calls a route the way a browser on the site would. */
export async function call(route: EditorRoute<Env>, path: string, options: Call = {}, e: Env = env): Promise<Response> {
  const headers: Record<string, string> = { origin: options.origin ?? ORIGIN };
  if (options.editor !== null) headers['x-editor'] = options.editor ?? 'ana';
  if (options.publish ?? true) headers['x-publish'] = '1';
  if (options.cookie) headers.cookie = options.cookie;
  const init: RequestInit = { method: options.method ?? (options.body === undefined ? 'GET' : 'POST'), headers };
  if (options.body !== undefined) {
    // JSON routes read only application/json (a string body would go as text/plain).
    headers['content-type'] = 'application/json';
    init.body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  return runEditorRoute(route, new Request(`${ORIGIN}${path}`, init), e);
}

/** Inserts a page row directly (as a script would) and returns its id. */
export async function seedPage(fields: { slug: string; title?: string; summary?: string; body?: string; paragraphs?: string[] }): Promise<number> {
  const row = await env.DB.prepare('INSERT INTO pages (slug, title, summary, body, paragraphs) VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id')
    .bind(fields.slug, fields.title ?? 'Title', fields.summary ?? '', fields.body ?? '', JSON.stringify(fields.paragraphs ?? []))
    .first<{ id: number }>();
  return row!.id;
}

export async function liveRow(id: number) {
  return env.DB.prepare('SELECT * FROM pages WHERE id = ?1').bind(id).first<Record<string, unknown>>();
}

export async function versionRows(id: number) {
  return (await env.DB.prepare('SELECT * FROM pages_versions WHERE page_id = ?1 ORDER BY id').bind(id).all<Record<string, unknown>>()).results;
}

/** D1 round trips made through a binding: every run/all/first/raw and every batch counts as one. */
export function countingD1(DB: D1Database): { DB: D1Database; count: () => number; reset: () => void } {
  let n = 0;
  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (prop === 'bind') return (...args: unknown[]) => wrapStatement((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args));
        if (prop === 'run' || prop === 'all' || prop === 'first' || prop === 'raw') {
          return (...args: unknown[]) => {
            n++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  const unwrap = (statement: D1PreparedStatement): D1PreparedStatement => (statement as unknown as { [RAW]?: D1PreparedStatement })[RAW] ?? statement;
  const RAW = Symbol('raw');
  const wrapClient = <C extends D1Database | D1DatabaseSession>(client: C): C =>
    new Proxy(client, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (prop === 'prepare') {
          return (sql: string) => {
            const raw = (value as (s: string) => D1PreparedStatement).call(target, sql);
            return wrapTagged(raw);
          };
        }
        if (prop === 'batch') {
          return (statements: D1PreparedStatement[]) => {
            n++;
            return (value as (s: D1PreparedStatement[]) => unknown).call(target, statements.map(unwrap));
          };
        }
        if (prop === 'withSession') return (constraint?: string) => wrapClient((value as (c?: string) => D1DatabaseSession).call(target, constraint));
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  // Statements passed to batch() must be the real objects: keep a link from the proxy to them.
  const wrapTagged = (raw: D1PreparedStatement): D1PreparedStatement => {
    const proxy = wrapStatement(raw);
    const tagged = new Proxy(proxy, {
      get(target, prop) {
        if (prop === RAW) return raw;
        if (prop === 'bind') return (...args: unknown[]) => wrapTagged(raw.bind(...args));
        return Reflect.get(target, prop, target);
      },
    });
    return tagged;
  };
  return {
    DB: wrapClient(DB),
    count: () => n,
    reset: () => {
      n = 0;
    },
  };
}

export { composeRoutes };
