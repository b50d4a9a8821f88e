// The upload limit on its own, so Node code (the `louise media` command) can
// read it without the Workers types store.ts needs.

/**
 * Largest upload by default: 100 MiB, the request body Cloudflare accepts on
 * the Free and Pro plans (option `maxBytes` of the media routes).
 */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;
