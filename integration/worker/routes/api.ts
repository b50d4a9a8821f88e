import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import config from 'virtual:louise/config';
import collections from 'virtual:louise/collections';
import { runEditorRoute } from '../../../src/http/route.ts';
import { cmsRuntime } from '../runtime.ts';

export const prerender = false;

/** `/api/cms/*`: the site's routes, then sign-in and status; a fall-through is 404. */
export const ALL: APIRoute = ({ request, locals }) => {
  return runEditorRoute(cmsRuntime(config, collections).api, request, env as never, locals.cfContext);
};
