export { renderMarkdown } from './render.ts';
export { headingIds } from './heading-ids.ts';
