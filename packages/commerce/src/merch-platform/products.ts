import * as v from 'valibot';
import { parseInput, text } from './input.ts';
import { list, obj, optInt, str } from './read.ts';
import { type MerchPlatformConfig, merchRequest, pathId } from './request.ts';

/**
 * Products on the Merch platform. There is no product update: a product is
 * created (at most 5 per minute per shop, with a synchronous mockup render),
 * shown or hidden, switched purchasable or not, given more images, and
 * deleted. Inventory is read only, and there is no inventory webhook, so
 * stock drift is found by polling `getProductInventory`.
 */

const Id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,128}$/));

const Region = v.strictObject({
  region: text(100),
  /** A media image id (upload first, then save the image). */
  imageId: Id,
  placementId: v.optional(text(100)),
  placementStrategy: v.optional(v.picklist(['AUTO', 'FILL_ALL', 'FULL_REGION', 'PLACEMENT_ID'])),
});

const Physical = v.strictObject({
  kind: v.literal('physical'),
  name: text(200),
  /** USD added on top of the provider's base cost; the price is derived from it. */
  profitMargin: v.pipe(v.number(), v.finite(), v.minValue(0)),
  productTemplateId: text(200),
  regions: v.pipe(v.array(Region), v.minLength(1)),
  description: v.optional(v.string()),
  colors: v.optional(v.array(text(100))),
  sizes: v.optional(v.array(text(100))),
  /** Public right away; default false (created hidden). */
  publish: v.optional(v.boolean()),
});

const Digital = v.strictObject({
  kind: v.literal('digital'),
  name: text(200),
  description: v.string(),
  /** Digital products are priced in USD by the provider: another currency is refused rather than converted. */
  price: v.strictObject({
    value: v.pipe(
      v.number(),
      v.finite(),
      v.gtValue(0),
      v.check((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'at most two decimals'),
    ),
    currency: v.picklist(['USD']),
  }),
  publish: v.optional(v.boolean()),
});

/** `createProduct` input: a discriminated union on `kind`. */
export const MerchProductInputSchema = v.variant('kind', [Physical, Digital]);
export type MerchProductInput = v.InferInput<typeof MerchProductInputSchema>;

/**
 * Creates a product: `physical` (a design on a product template; the price
 * follows from `profitMargin`) or `digital` (a `price` in USD). The input is
 * checked before any request is made. Waits for the shop's product-creation
 * token (5 per minute), so a bulk import of 50 takes about ten minutes.
 */
export async function createProduct(config: MerchPlatformConfig, input: MerchProductInput): Promise<{ productId: string; customizationId: string | null }> {
  const product = parseInput(MerchProductInputSchema, input, 'createProduct input');
  const body =
    product.kind === 'physical'
      ? {
          type: 'design',
          name: product.name,
          productTemplateId: product.productTemplateId,
          regions: product.regions,
          profitMargin: product.profitMargin,
          description: product.description,
          colors: product.colors,
          sizes: product.sizes,
          publishOnCreate: product.publish,
        }
      : { type: 'digital', name: product.name, description: product.description, price: product.price.value, publishOnCreate: product.publish };
  const operation = 'POST /products';
  const o = obj(await merchRequest(config, 'POST', '/products', { body, creation: true }), 'a created product', operation);
  const customizationId = o['customizationId'];
  return { productId: pathId(str(o, 'productId', operation), 'product'), customizationId: typeof customizationId === 'string' ? customizationId : null };
}

/** Deletes (archives) a product for good: the only way to "edit" one is to delete it and create another. */
export async function deleteProduct(config: MerchPlatformConfig, productId: string): Promise<void> {
  await merchRequest(config, 'DELETE', `/products/${pathId(productId, 'product')}`);
}

/** The shop-level purchasable switch (false shows the product as sold out). */
export async function setProductAvailability(config: MerchPlatformConfig, productId: string, available: boolean): Promise<void> {
  if (typeof available !== 'boolean') throw new TypeError('Merch setProductAvailability takes true or false');
  await merchRequest(config, 'PUT', `/products/${pathId(productId, 'product')}/availability`, { body: { available } });
}

/** The product's own lifecycle state: PUBLIC or HIDDEN. */
export async function setProductState(config: MerchPlatformConfig, productId: string, state: 'PUBLIC' | 'HIDDEN'): Promise<void> {
  if (state !== 'PUBLIC' && state !== 'HIDDEN') throw new TypeError("Merch product state must be 'PUBLIC' or 'HIDDEN'");
  await merchRequest(config, 'PUT', `/products/${pathId(productId, 'product')}/state`, { body: { state } });
}

const Images = v.pipe(
  v.array(
    v.strictObject({
      url: v.pipe(v.string(), v.url(), v.startsWith('https://')),
      width: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
      height: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
    }),
  ),
  v.minLength(1),
);

/** Appends images (already uploaded, with their pixel size); there is no replace. */
export async function addProductImages(
  config: MerchPlatformConfig,
  productId: string,
  images: readonly { url: string; width: number; height: number }[],
): Promise<void> {
  const checked = parseInput(Images, images, 'addProductImages images');
  await merchRequest(config, 'POST', `/products/${pathId(productId, 'product')}/images`, { body: { images: checked } });
}

/** One variant's stock: `quantity` null means not stock-tracked (unlimited), which is not the same as 0 (sold out). */
export interface MerchInventory {
  variantId: string;
  quantity: number | null;
}

/** The stock of every variant of a product, read only. */
export async function getProductInventory(config: MerchPlatformConfig, productId: string): Promise<MerchInventory[]> {
  const path = `/products/${pathId(productId, 'product')}/inventory`;
  const operation = `GET ${path}`;
  const o = obj(await merchRequest(config, 'GET', path), 'an inventory page', operation);
  return list(o['results'], 'results', operation).map((row) => {
    const r = obj(row, 'a stock row', operation);
    // Missing and null both mean untracked (the provider's spec marks quantity required; null is read defensively).
    // Anything else that is not a non-negative count is refused, never read as 0.
    return { variantId: str(r, 'variantId', operation), quantity: optInt(r, 'quantity', operation) };
  });
}
