import type { APIRoute } from 'astro';
import { env } from 'cloudflare:workers';
import config from 'virtual:louise/config';
import { json } from '../../../src/http/errors.ts';
import { serveMedia } from '../../../src/media/serve.ts';
import { DEFAULT_MEDIA_URL, mediaUrlOf, type CmsEnv } from '../../config.ts';

export const prerender = false;

/**
 * `/media/<key>`: the media library's objects, streamed from the `MEDIA`
 * bucket (content type, ETag, Range, immutable caching: see serve.ts). Public,
 * like any image on the page. Nothing is served here when the site serves
 * its media from elsewhere (`media.url` absolute) or has no media library.
 */
export const ALL: APIRoute = async ({ request }) => {
  const notFound = () => json({ error: 'not_found' }, { status: 404 });
  if (mediaUrlOf(config) !== DEFAULT_MEDIA_URL) return notFound();
  const bucket = (env as unknown as CmsEnv).MEDIA;
  if (!bucket) return notFound();
  return (await serveMedia(request, { MEDIA: bucket }, { prefix: DEFAULT_MEDIA_URL })) ?? notFound();
};
