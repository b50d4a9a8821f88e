export { MERCH_STOREFRONT_URL, type MerchStorefrontOptions } from './request.ts';
export { MERCH_IMAGE_HOST, type MerchCollection, type MerchImage, type MerchPage, type MerchProduct, type MerchVariant } from './records.ts';
export { MERCH_MAX_PAGES, MERCH_MAX_PAGE_SIZE } from './paging.ts';
export { MERCH_CATCH_ALL_SLUG, catchAllFirst, isCatchAllCollection, listCollections } from './collections.ts';
export { getCollectionProducts, getProduct, listCatalog, lowestPrice } from './catalog.ts';
export { createCart, type MerchCart, type MerchCartItem } from './cart.ts';
export { MERCH_COMPLIANCE_MARKERS, type MerchCopyOptions, merchCopy } from './copy.ts';
export { MERCH_SIGNATURE_HEADER, verifyMerchSignature } from './webhook.ts';
