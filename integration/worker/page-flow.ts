import config from 'virtual:louise/config';
import options from 'virtual:louise/options';
import collections from 'virtual:louise/collections';
import { rewriteRegions } from '../../src/content/overlay-html.ts';
import { readSession } from '../../src/db/d1-cookie.ts';
import type { MarkdownOnPage } from '../../src/content/overlay-html.ts';
import { detailsIsland } from '../../src/drafts/entry-details.ts';
import { editModeMarkdown, markdownApplies } from '../../src/drafts/markdown-standing.ts';
import { overlayWork, publishedOverlay } from '../../src/drafts/overlay-store.ts';
import { mutable } from '../../src/security/headers.ts';
import type { CmsEnv } from '../config.ts';
import { decideEditMode, type LouiseLocals } from './edit-mode.ts';
import { editorTail } from './editor-tail.ts';
import { problemPage } from './problem-page.ts';
import { gatePage, type GateInput } from './request-gate.ts';
import { cmsRuntime, type CmsRuntime } from './runtime.ts';

/** Set on pages the middleware already served, so the Worker does not serve them twice; never leaves the Worker. */
export const SERVED_HEADER = 'x-louise-served';

/** The gate of a request to this site: its configuration, and whether it signs in with Louise's own sign-in. */
export function siteGate(request: Request, env: CmsEnv): GateInput {
  return { request, env, runtime: cmsRuntime(config, collections), builtInSignIn: !config.resolveEditor, options };
}

/**
 * One page request (after the gate: a database problem reaches only a
 * would-be editor), for Astro's middleware (on-demand pages, and every page
 * in dev) and for the Worker (prerendered pages): decides edit mode (a
 * visitor asking for `?edit` goes to the sign-in page), renders, then runs
 * the HTML through the region rewriter: visitors get published overlay
 * values from KV with every marker removed; an editor in edit mode gets the
 * work in progress, the markers, and the editor appended to the body.
 */
export async function servePage(gate: GateInput, render: (state: LouiseLocals) => Promise<Response>): Promise<Response> {
  const { request, env, runtime: cms } = gate;
  const gated = await gatePage(gate);
  if (gated.kind === 'problem') return problemPage(gated.problem);
  const url = new URL(request.url);
  const editor = gated.editor;
  if (url.pathname === options.loginPath) return render({ editor, editing: false, revs: {}, invalid: {}, sections: {} });
  const decision = decideEditMode(url, request, editor, options);
  if (decision.kind === 'redirect') {
    const headers = new Headers({ location: decision.location, 'cache-control': 'no-store' });
    if (decision.setCookie) headers.append('set-cookie', decision.setCookie);
    return new Response(null, { status: 303, headers });
  }
  const state: LouiseLocals = { editor, editing: decision.editing, revs: {}, invalid: {}, sections: {} };
  let response = await render(state);
  if (isHtml(response)) response = rewriteRegions(response, regionOptions(cms, request, env, state));
  if (decision.setCookie || decision.editing) response = mutable(response);
  if (decision.setCookie) response.headers.append('set-cookie', decision.setCookie);
  // Edit-mode HTML is per editor and carries the editor script: never cache it.
  if (decision.editing) response.headers.set('cache-control', 'private, no-store');
  return response;
}

function regionOptions(cms: CmsRuntime, request: Request, env: CmsEnv, state: LouiseLocals) {
  if (!state.editing || !state.editor) {
    const kv = env.KV;
    return {
      editing: false,
      isOverlay: cms.isOverlay,
      regions: async (collection: string, key: string) => (kv ? publishedOverlay(kv, { collection, key }) : null),
      // A file-backed body's edit shows only while the deployed file is the one it was made against.
      markdownApplies,
    };
  }
  const client = readSession(env.DB, request);
  const editor = state.editor;
  return {
    editing: true,
    isOverlay: cms.isOverlay,
    regions: (collection: string, key: string) => overlayWork(client, { collection, key }),
    tail: async (overlayRevs: Record<string, Record<string, string>>, found: Record<string, MarkdownOnPage>) => {
      const markdown = await editModeMarkdown(env.KV, found);
      const revs = { ...overlayRevs, ...state.revs };
      // The Post details panel's fields, for entries of a collection with a schema (a second read of their work in progress).
      const details = await detailsIsland(collections, found, revs, (doc) => overlayWork(client, doc));
      return editorTail(editor, { ...state, revs, markdown, details }, { ...cms, realtime: cms.realtime(env) });
    },
  };
}

/** An HTML document (not a fragment request, a redirect or an empty answer). */
export function isHtml(response: Response): boolean {
  return response.status !== 204 && response.status !== 304 && (response.headers.get('content-type') ?? '').startsWith('text/html') && response.body !== null;
}
