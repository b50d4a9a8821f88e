export { renderMarkdown } from './render.ts';
export { headingIds } from './heading-ids.ts';
export { splitMarkdownFile, joinMarkdownFile, type MarkdownFile, type Frontmatter } from './markdown-file.ts';
export { editFrontmatter } from './frontmatter-edit.ts';
export { spliceBody, blockMeanings } from './body-splice.ts';
export { writeEditIntoFile, type EntryEdit } from './write-edit.ts';
export { sourceHash, editStanding, type EditStanding } from './source-hash.ts';
