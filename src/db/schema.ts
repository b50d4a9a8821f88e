// Every table the toolkit and reference site migrate; drizzle-kit reads this file.
export * from './auth-schema.ts';
export * from './pages-schema.ts';
export * from './site-schema.ts';
export * from './overlays-schema.ts';
export * from './media-schema.ts';
export * from './forms-schema.ts';
export * from './search-schema.ts';
export * from './reviews-schema.ts';
