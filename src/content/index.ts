export {
  defineCollection,
  checkCollections,
  RESERVED_SLUGS,
  isVersioned,
  richFieldsOf,
  textList,
  imageValue,
  isImageSrc,
  isSectionsField,
  DEFAULT_PAGE_FIELDS,
  type ImageValue,
  type CollectionConfig,
  type SearchConfig,
  type FieldMap,
  type FieldSpec,
  type FieldType,
} from './collection.ts';
export { fieldRev, fieldRevs, DRAFT_BASE_KEY } from './field-rev.ts';
export { LouiseValidationError, assertValidSections, type Violation } from './validation-error.ts';
export {
  defineSections,
  newBlockId,
  isSafeHref,
  BLOCK_ID,
  type Sections,
  type Section,
  type SectionOf,
  type SectionBlock,
  type BlockField,
  type BlockType,
  type SectionsDef,
} from './sections.ts';
export { documentRevs, parseBlockKey, blockKey, type BlockAddress } from './document-revs.ts';
export { pickFields, type PickedFields } from './pick-fields.ts';
export {
  typeViolations,
  requiredViolations,
  fieldValueProblem,
  fieldViolations,
  itemValueProblem,
  conformEntry,
  type ConformedEntry,
  type InvalidField,
} from './field-values.ts';
export { jsonLimitProblem, JSON_FIELD_LIMITS, type JsonLimits } from '../http/json-limits.ts';
export { derivedFields, type DraftEdit, type ItemEdit, type BlockEdit, type MergeRules } from '../drafts/merge-draft.ts';
export { resumeDraft, type ResumeDraftOptions } from './resume-draft.ts';
export type { BufferKv } from './draft-buffer.ts';
export { resolveCollection, type ResolvedCollection } from './resolved-collection.ts';
export { readEntry, type Entry, type EntryKey, type ReadEntry } from './read-entry.ts';
export type { VersionedTable } from './versioned-table.ts';
export { pick } from './table-codec.ts';
export { overlayCollection, isRegionName, asRegions } from './overlay.ts';
export { rewriteRegions, type RegionRewrite, type MarkdownOnPage } from './overlay-html.ts';
export type { PageMarkdownSource } from './markdown-source.ts';
