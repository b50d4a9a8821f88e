import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sanitizeModelHtml } from '../../../../src/security/sanitize-model.ts';
import { MERCH_SEED_TOKEN, createFakeStorefront, type FakeStorefront } from '../../fakes/merch/storefront.ts';
import { MERCH_COMPLIANCE_MARKERS, type MerchProduct, getProduct, merchCopy } from './index.ts';

let fake: FakeStorefront;
beforeEach(() => {
  fake = createFakeStorefront();
});
afterEach(() => {
  expect(fake.violations).toEqual([]);
});

async function seed(slug: string): Promise<MerchProduct> {
  const product = await getProduct(MERCH_SEED_TOKEN, slug, { baseUrl: 'https://storefront.test/v1', fetch: fake.fetch });
  if (!product) throw new Error(`seed product ${slug} missing`);
  return product;
}

function copy(product: Pick<MerchProduct, 'slug' | 'description' | 'moreDetails'>, panel?: string): { html: string; dropped: string[] } {
  const dropped: string[] = [];
  const html = merchCopy(product, { panel, onComplianceDropped: (why) => dropped.push(why) });
  return { html, dropped };
}

const visible = (html: string) => html.replace(/<[^>]*>/g, ' ');
const product = { slug: 'tee', description: '<p>Soft tee.</p><script>alert(1)</script>', moreDetails: null };

describe('merchCopy on the seed panels', () => {
  it('tee: the hidden (display:none) GPSR block is removed with its content, the care notes stay', async () => {
    const { html, dropped } = copy(await seed('louise-logo-tee'));
    expect(dropped).toEqual([]);
    expect(html).toContain('<li>100% combed ring-spun cotton</li>');
    expect(html).toContain('<strong>Fit:</strong> unisex');
    for (const marker of MERCH_COMPLIANCE_MARKERS) expect(visible(html).toLowerCase()).not.toContain(marker.toLowerCase());
    expect(html).not.toContain('Printwerk');
  });

  it('pin: blocks hidden with the hidden attribute and aria-hidden are removed too', async () => {
    const { html, dropped } = copy(await seed('enamel-pin'));
    expect(dropped).toEqual([]);
    expect(html).toBe('<p>Hard enamel with a gold-tone finish and two rubber clutches.</p>\n\n\n<p>Size: 25 mm.</p>');
  });

  it('poster: compliance text that is not hidden drops the panel whole and falls back to the description', async () => {
    const { html, dropped } = copy(await seed('launch-poster'));
    expect(html).toBe('<p>The launch-night poster, signed by the team.</p>');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toContain('launch-poster');
    expect(dropped[0]).toMatch(/compliance text \((Safety information|Manufacturer:|EU responsible person)\)/);
  });

  it('mug: a panel without compliance text is kept as is; no panel (stickers, hoodie) is the description', async () => {
    expect(copy(await seed('studio-mug'))).toEqual({ html: '<p>Printed to order and shipped within 5 working days.</p>', dropped: [] });
    expect(copy(await seed('sticker-pack'))).toEqual({ html: '<p>Six vinyl stickers. <em>Weatherproof.</em></p>', dropped: [] });
    expect(copy(await seed('winter-hoodie')).html).toBe('<p>Brushed fleece, kangaroo pocket.</p>');
  });
});

describe('merchCopy rules', () => {
  it('removes every hiding form with its content, nested ones included', () => {
    const panel = [
      '<p>Keep A</p>',
      '<div style="color: red; DISPLAY : none !important">GPSR x</div>',
      '<div style="visibility:hidden"><p>Manufacturer: y</p></div>',
      '<span aria-hidden="TRUE">Prop 65</span>',
      '<section hidden="hidden"><div><p>Responsible person: z</p></div></section>',
      '<template><p>Safety information</p></template>',
      '<div><div style="display:none"><p>EU responsible person</p></div><p>Keep B</p></div>',
    ].join('');
    expect(copy(product, panel)).toEqual({ html: '<p>Keep A</p><p>Keep B</p>', dropped: [] });
  });

  it('does not take display:block or aria-hidden="false" for hidden', () => {
    const panel = '<p style="display:block">Shown</p><p aria-hidden="false">Also shown</p><p style="display: nonesuch">Third</p>';
    expect(copy(product, panel).html).toBe('<p>Shown</p><p>Also shown</p><p>Third</p>');
  });

  it('drops a panel whose compliance text survives, whatever the case, spacing or markup around it', () => {
    for (const panel of [
      '<p>Nice.</p><p>gpsr: see below</p>',
      '<p><strong>Manufacturer</strong> : ACME</p>',
      '<p>California PROP&nbsp;65 warning</p>',
      '<p>EU\n  Responsible   Person: ACME</p>',
      '<div style="display:none">hidden</div><p>Safety Information</p>',
    ]) {
      const { html, dropped } = copy(product, panel);
      expect(html, panel).toBe('<p>Soft tee.</p>');
      expect(dropped, panel).toHaveLength(1);
    }
  });

  it('does not mistake ordinary words for markers', () => {
    const panel = '<p>Made by our manufacturer partner in Porto.</p><p>GPS tracker not included. Safety first!</p>';
    expect(copy(product, panel)).toEqual({ html: panel, dropped: [] });
  });

  it('falls back to the description for an empty or all-hidden panel, and empties a description that shows compliance text', () => {
    expect(copy(product, '').html).toBe('<p>Soft tee.</p>');
    expect(copy(product, '<div hidden>GPSR</div>  ').html).toBe('<p>Soft tee.</p>');
    const bad = copy({ slug: 'x', description: '<p>Manufacturer: ACME</p>', moreDetails: '<p>Prop 65</p>' });
    expect(bad.html).toBe('');
    expect(bad.dropped).toHaveLength(2);
  });

  it('panel overrides product.moreDetails, and the output is sanitized (idempotent under sanitizeModelHtml)', () => {
    const p = { slug: 't', description: '', moreDetails: '<p>From the product</p>' };
    expect(copy(p, '<p onclick="x()">Override <a href="javascript:alert(1)">link</a><img src=x onerror=y></p><script>z()</script>').html).toBe(
      '<p>Override link</p>',
    );
    expect(copy(p).html).toBe('<p>From the product</p>');
    const html = copy(p, '<div><h2>Care</h2><p><a href="https://x.test/care">Guide</a></p></div>').html;
    expect(html).toBe('<h2>Care</h2><p><a href="https://x.test/care" rel="noopener noreferrer nofollow">Guide</a></p>');
    expect(sanitizeModelHtml(html)).toBe(html);
  });
});
