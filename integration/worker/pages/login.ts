import type { APIRoute } from 'astro';
import options from 'virtual:louise/options';
import { safeNext } from '../safe-next.ts';
import { signInPage } from '../sign-in-page.ts';

export const prerender = false;

/** The built-in sign-in page (an endpoint, so no sitemap lists it: see sign-in-page.ts). Afterwards it returns to `next`, in edit mode by default. */
export const GET: APIRoute = ({ url }) => signInPage(safeNext(url.searchParams.get('next'), url, `/?${options.editParam}`));
