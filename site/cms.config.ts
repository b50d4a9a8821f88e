import { defineCms } from 'louise/astro';
import { defineCollection, defineSections, textList, type SectionOf } from 'louise/content';
import { pages as pagesTable, pagesVersions } from 'louise/db';
import { defineForm } from 'louise/editor';
import { d1Check, migrationsCheck } from 'louise/health';
import { d1VectorIndex, localAi } from 'louise/search';
import { products } from './shop/products.ts';

/**
 * The blocks a page can be built from (the home page is): each type's
 * fields use the same field types as collections, plus links and lists;
 * its label and description show in the editor's block picker, with a
 * sketch of its fields (or a `preview` image when one is given).
 * `homeSections.field` is the collection field that holds them; every save
 * is checked against these declarations (unknown types and keys, hostile
 * links are refused; rich text is sanitized). site/components/Block.astro
 * renders them, typed by `Section`.
 */
export const homeSections = defineSections({
  hero: {
    label: 'Hero',
    description: 'A big heading with a line of introduction and a button.',
    fields: { heading: { type: 'text', label: 'Heading' }, text: { type: 'text', label: 'Introduction' }, link: { type: 'link', label: 'Button' } },
  },
  text: { label: 'Text', description: 'Paragraphs of formatted text.', fields: { body: { type: 'richtext', label: 'Text', default: '<p>Write here.</p>' } } },
  features: {
    label: 'Features list',
    description: 'A heading over a short list of points.',
    fields: {
      heading: { type: 'text', label: 'Heading' },
      items: { type: 'list', label: 'Feature', default: ['First feature', 'Second feature', 'Third feature'] },
    },
  },
  figure: {
    label: 'Image with caption',
    description: 'A picture from the media library, with a caption.',
    fields: { image: { type: 'image', label: 'Image' }, caption: { type: 'text', label: 'Caption' } },
  },
  cta: {
    label: 'Call to action',
    description: 'A heading, a few words and the button that says what to do next.',
    fields: {
      heading: { type: 'text', label: 'Heading' },
      text: { type: 'richtext', label: 'Text', default: '<p>Tell visitors what happens next.</p>' },
      link: { type: 'link', label: 'Button', default: { href: '/contact', label: 'Get in touch' } },
    },
  },
  faq: {
    label: 'Question and answer',
    description: 'A question as a heading, its answer below.',
    fields: { question: { type: 'text', label: 'Question' }, answer: { type: 'richtext', label: 'Answer', default: '<p>The answer.</p>' } },
  },
});

/** One block of a page, typed by its `type`. */
export type Section = SectionOf<typeof homeSections>;

/**
 * The reference site's pages: a drafts collection (visitors see only what
 * was published), found by slug. It uses the toolkit's own `pages` tables,
 * which ship with Louise's migrations.
 */
export const pages = defineCollection({
  slug: 'pages',
  unique: ['slug'],
  fields: {
    title: { type: 'text', required: true },
    summary: { type: 'text' },
    body: { type: 'richtext' },
    paragraphs: { type: 'json', schema: textList },
    hero: { type: 'image' },
    sections: homeSections.field,
  },
  versions: { drafts: true },
  tables: { table: pagesTable, versions: pagesVersions },
  // Found by the search page (/search) and the edit bar's search: published text for visitors, the editor's work for editors.
  search: { fields: ['title', 'summary', 'body', 'paragraphs', 'sections'], url: (page) => (page.slug === 'home' ? '/' : `/${page.slug}`) },
});

/**
 * The contact form (site/pages/contact.astro). Spam guarded: a rate limit
 * per visitor (KV), a honeypot, a minimum fill time, and Turnstile once the
 * site sets `TURNSTILE_SITE_KEY` and the `TURNSTILE_SECRET` secret (on
 * localhost without them the check is skipped; deployed without the secret
 * the form refuses every message rather than take them unchecked). New
 * messages are emailed through the `SEND_EMAIL` binding to `CONTACT_EMAIL`
 * (printed to the console by `npm start`) and listed in the edit bar's Inbox.
 */
export const contact = defineForm({
  name: 'contact',
  fields: {
    name: { type: 'text', label: 'Your name', required: true, maxLength: 100 },
    email: { type: 'email', label: 'Your email', required: true },
    message: { type: 'longtext', label: 'Message', required: true, maxLength: 5000 },
  },
  spam: { captchaSecret: (env: Env) => env.TURNSTILE_SECRET },
  notify: {
    email: { to: (env: Env) => env.CONTACT_EMAIL ?? 'editor@louise.localhost', from: 'contact@louise.localhost', subject: 'New message from the contact form' },
  },
});

// The reference site's runtime configuration: its collections (the
// integration mounts their routes), site settings (header, menu, footer),
// the contact form, the built-in sign-in (passwordEditor), and a status
// probe that checks D1 and that Louise's migrations are applied.
export default defineCms<Env>({
  collections: [pages, products],
  settings: {
    custom: { menu: 'links', social: 'links' },
    defaults: {
      siteName: 'Louise',
      tagline: 'Edit the live page, in place.',
      footerText: 'Made with Louise on Cloudflare Workers.',
      custom: {
        menu: [
          { label: 'Home', href: '/' },
          { label: 'About', href: '/about' },
          { label: 'Article', href: '/articles/editing-in-place' },
          { label: 'Shop', href: '/shop' },
          { label: 'Merch', href: '/merch' },
          { label: 'POS', href: '/pos' },
          { label: 'Contact', href: '/contact' },
        ],
        social: [{ label: 'Cloudflare Workers', href: 'https://workers.cloudflare.com/' }],
      },
    },
  },
  forms: [contact],
  // Keyword and semantic search, fused. The reference site runs on local bindings only, so it uses the
  // local stand-ins for Workers AI and Vectorize (an offline embedder, an exact cosine index in D1); a
  // deployed site passes its bindings instead: { ai: (env) => env.AI, index: (env) => env.VECTORIZE, minScore: 0.6 }.
  search: { vector: { ai: () => localAi(), index: (env: Env) => d1VectorIndex(env.DB), minScore: 0.25 } },
  status: { checks: { db: d1Check((env: Env) => env.DB), migrations: migrationsCheck((env: Env) => env.DB) } },
});
