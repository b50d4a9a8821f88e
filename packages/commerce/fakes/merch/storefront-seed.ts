/**
 * The fake storefront's shop, shared by the unit tests, the fake server and
 * the reference site. Shaped like the provider's storefront answers (prices
 * in major units, stock as LIMITED/UNLIMITED, a More details panel under
 * `additionalInformation`), and chosen to cover every case a site meets: a
 * hidden compliance block, a visible one, a sold-out product, an untracked
 * one, a compare-at price, and the catch-all collection listed last.
 * Images are paths the fake serves itself as small SVGs (`/images/<name>.svg`),
 * made absolute with the fake's image origin when answered.
 */

export interface SeedMoney {
  value: number;
  currency: string;
}

export interface SeedVariant {
  id: string;
  name: string;
  sku: string | null;
  unitPrice: SeedMoney;
  compareAtPrice: SeedMoney | null;
  stock: { type: 'LIMITED'; inStock: number } | { type: 'UNLIMITED' };
  attributes: { description: string; color?: { name: string; swatch: string }; size?: { name: string } };
}

export interface SeedImage {
  id: string;
  /** `/images/<name>.svg` (served by the fake) or an absolute URL. */
  url: string;
  width: number;
  height: number;
}

export interface SeedProduct {
  id: string;
  slug: string;
  name: string;
  description: string;
  state: { type: 'AVAILABLE' | 'SOLD_OUT' };
  images: SeedImage[];
  variants: SeedVariant[];
  additionalInformation: { moreDetails: string | null } | null;
}

export interface SeedCollection {
  id: string;
  slug: string;
  name: string;
  description: string;
  /** Product slugs in order; absent for the catch-all, which holds every product. */
  productSlugs?: string[];
}

/** The storefront token the fake accepts by default (public by design, like the real `ptkn_` tokens). */
export const MERCH_SEED_TOKEN = 'ptkn_louise_local_0b7e3c1a';

const usd = (value: number): SeedMoney => ({ value, currency: 'USD' });
const image = (name: string, width = 800, height = 800): SeedImage => ({ id: `img_${name}`, url: `/images/${name}.svg`, width, height });

// The GPSR block a shop keeps for the EU, hidden from its own page (display:none),
// plus the usual visible care notes: merchCopy keeps the notes only.
const TEE_PANEL = `<p><strong>Fit:</strong> unisex, true to size.</p>
<ul><li>100% combed ring-spun cotton</li><li>Fabric weight: 4.2 oz/yd²</li><li>Machine wash cold, inside out</li></ul>
<div class="gpsr" style="display: none;">
  <p><strong>GPSR information</strong></p>
  <p>Manufacturer: Printwerk Fulfilment GmbH, Hafenstraße 12, 20457 Hamburg, Germany, safety@printwerk.example</p>
  <p>EU responsible person: Printwerk Fulfilment GmbH, same address.</p>
  <p>Safety information: keep away from open flame.</p>
</div>`;

// Compliance text written straight into the panel, not hidden: merchCopy drops the panel.
const POSTER_PANEL = `<p>Museum-quality matte paper, 189 g/m².</p>
<p><strong>Safety information</strong></p>
<p>Manufacturer: Papierhaus Druck s.r.o., Průmyslová 4, 602 00 Brno, Czech Republic.</p>
<p>EU responsible person: Papierhaus Druck s.r.o.</p>`;

// Hidden two other ways (the hidden attribute, aria-hidden) around visible notes.
const PIN_PANEL = `<p>Hard enamel with a gold-tone finish and two rubber clutches.</p>
<section hidden><h4>Product safety (GPSR)</h4><p>Manufacturer: Badge &amp; Co. Ltd.</p></section>
<p aria-hidden="true">Prop 65 WARNING: this product can expose you to lead.</p>
<p>Size: 25 mm.</p>`;

/** The seed products, wire-shaped. Clone before changing (`structuredClone`). */
export const MERCH_SEED_PRODUCTS: readonly SeedProduct[] = Object.freeze([
  {
    id: 'a1f3c9e2-0b5d-4c1e-9a7f-3e2d1c0b9a01',
    slug: 'louise-logo-tee',
    name: 'Louise Logo Tee',
    description: '<p>The tee we wear at every launch. Soft, heavy enough to last.</p>',
    state: { type: 'AVAILABLE' },
    images: [image('tee-front'), image('tee-back')],
    variants: [
      {
        id: 'v-tee-black-s',
        name: 'Black / S',
        sku: 'LLT-BLK-S',
        unitPrice: usd(25),
        compareAtPrice: usd(30),
        stock: { type: 'LIMITED', inStock: 12 },
        attributes: { description: 'Black, S', color: { name: 'Black', swatch: '#111111' }, size: { name: 'S' } },
      },
      {
        id: 'v-tee-black-m',
        name: 'Black / M',
        sku: 'LLT-BLK-M',
        unitPrice: usd(25),
        compareAtPrice: usd(30),
        stock: { type: 'LIMITED', inStock: 5 },
        attributes: { description: 'Black, M', color: { name: 'Black', swatch: '#111111' }, size: { name: 'M' } },
      },
      {
        id: 'v-tee-black-xl',
        name: 'Black / XL',
        sku: 'LLT-BLK-XL',
        unitPrice: usd(22.5),
        compareAtPrice: null,
        stock: { type: 'LIMITED', inStock: 0 },
        attributes: { description: 'Black, XL', color: { name: 'Black', swatch: '#111111' }, size: { name: 'XL' } },
      },
    ],
    additionalInformation: { moreDetails: TEE_PANEL },
  },
  {
    id: 'b2e4d0f3-1c6e-4d2f-8b80-4f3e2d1c0a02',
    slug: 'studio-mug',
    name: 'Studio Mug',
    description: '<p>11 oz ceramic mug, dishwasher safe.</p>',
    state: { type: 'AVAILABLE' },
    images: [image('mug')],
    variants: [
      {
        id: 'v-mug-white',
        name: 'White',
        sku: 'MUG-WHT',
        unitPrice: usd(15.5),
        compareAtPrice: null,
        // Printed on demand: not stock-tracked.
        stock: { type: 'UNLIMITED' },
        attributes: { description: 'White', color: { name: 'White', swatch: '#ffffff' } },
      },
    ],
    additionalInformation: { moreDetails: '<p>Printed to order and shipped within 5 working days.</p>' },
  },
  {
    id: 'c3f5e1a4-2d7f-4e3a-9c91-5a4f3e2d1b03',
    slug: 'winter-hoodie',
    name: 'Winter Hoodie',
    description: '<p>Brushed fleece, kangaroo pocket.</p>',
    state: { type: 'SOLD_OUT' },
    images: [image('hoodie')],
    variants: [
      {
        id: 'v-hoodie-m',
        name: 'Grey / M',
        sku: 'WH-GRY-M',
        unitPrice: usd(55),
        compareAtPrice: null,
        stock: { type: 'LIMITED', inStock: 0 },
        attributes: { description: 'Grey, M', color: { name: 'Grey', swatch: '#888888' }, size: { name: 'M' } },
      },
      {
        id: 'v-hoodie-l',
        name: 'Grey / L',
        sku: 'WH-GRY-L',
        unitPrice: usd(58),
        compareAtPrice: null,
        stock: { type: 'LIMITED', inStock: 0 },
        attributes: { description: 'Grey, L', color: { name: 'Grey', swatch: '#888888' }, size: { name: 'L' } },
      },
    ],
    additionalInformation: null,
  },
  {
    id: 'd4a6f2b5-3e80-4f4b-8da2-6b5a4f3e2c04',
    slug: 'launch-poster',
    name: 'Launch Poster',
    description: '<p>The launch-night poster, signed by the team.</p>',
    state: { type: 'AVAILABLE' },
    images: [image('poster', 600, 840)],
    variants: [
      {
        id: 'v-poster-a3',
        name: 'A3',
        sku: 'LP-A3',
        unitPrice: usd(20),
        compareAtPrice: null,
        stock: { type: 'LIMITED', inStock: 30 },
        attributes: { description: 'A3', size: { name: 'A3' } },
      },
      {
        id: 'v-poster-a2',
        name: 'A2',
        sku: 'LP-A2',
        unitPrice: usd(32),
        compareAtPrice: null,
        stock: { type: 'LIMITED', inStock: 8 },
        attributes: { description: 'A2', size: { name: 'A2' } },
      },
    ],
    additionalInformation: { moreDetails: POSTER_PANEL },
  },
  {
    id: 'e5b7a3c6-4f91-4a5c-9eb3-7c6b5a4f3d05',
    slug: 'sticker-pack',
    name: 'Sticker Pack',
    description: '<p>Six vinyl stickers. <em>Weatherproof.</em></p>',
    state: { type: 'AVAILABLE' },
    images: [image('stickers')],
    variants: [
      {
        id: 'v-stickers',
        name: 'Pack of 6',
        sku: null,
        unitPrice: usd(6),
        compareAtPrice: null,
        stock: { type: 'UNLIMITED' },
        attributes: { description: 'Pack of 6' },
      },
    ],
    additionalInformation: { moreDetails: null },
  },
  {
    id: 'f6c8b4d7-50a2-4b6d-8fc4-8d7c6b5a4e06',
    slug: 'enamel-pin',
    name: 'Enamel Pin',
    description: '<p>A small pin for a big launch.</p>',
    state: { type: 'AVAILABLE' },
    images: [image('pin', 400, 400)],
    variants: [
      {
        id: 'v-pin',
        name: 'Gold',
        sku: 'PIN-GLD',
        unitPrice: usd(9.99),
        compareAtPrice: usd(12),
        stock: { type: 'LIMITED', inStock: 40 },
        attributes: { description: 'Gold', color: { name: 'Gold', swatch: '#d4af37' } },
      },
    ],
    additionalInformation: { moreDetails: PIN_PANEL },
  },
] satisfies SeedProduct[]);

/** The seed collections, in the provider's order: the catch-all `all` comes LAST. */
export const MERCH_SEED_COLLECTIONS: readonly SeedCollection[] = Object.freeze([
  {
    id: 'col_apparel',
    slug: 'apparel',
    name: 'Apparel',
    description: 'Things to wear.',
    productSlugs: ['louise-logo-tee', 'winter-hoodie'],
  },
  {
    id: 'col_home_desk',
    slug: 'home-and-desk',
    name: 'Home & Desk',
    description: 'For the desk and the shelf.',
    productSlugs: ['studio-mug', 'launch-poster', 'sticker-pack', 'enamel-pin'],
  },
  { id: 'col_all', slug: 'all', name: 'All Products', description: 'Every product in the shop.' },
] satisfies SeedCollection[]);
