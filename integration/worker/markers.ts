import { EMPTY_IMAGE } from '../../src/client/fields/empty-image.ts';
import { isVersioned, type ImageValue } from '../../src/content/collection.ts';
import { siteSettingsColumns, type SiteSettingsColumn } from '../../src/db/site-schema.ts';
import { SETTINGS_COLLECTION } from '../config.ts';
import type { SectionsNote } from './edit-mode.ts';
import { entryOrigin } from './page-data.ts';

// The data-cms-* markers of what a page renders: each is built from an entry
// `loadEntry` returned, through the origin it carries (`entryOrigin`).

/**
 * The marker attributes of an entry's field, for an editor in edit mode
 * only: `{ 'data-cms-field': '<slug>:<key>:<field>' }`, plus
 * `data-cms-type="richtext"` (or `"image"`) for a rich (or image) field and `data-cms-access="edit"`
 * for a live collection open to writers. Visitors get `{}`: no markers, no
 * row ids. A list item is addressed by its index. Throws a TypeError for an
 * entry `loadEntry` did not return or a field the collection does not have.
 *
 * @example
 * <h1 {...cmsField(Astro, page, 'title')}>{page.title}</h1>
 * {page.paragraphs.map((text, i) => <p {...cmsField(Astro, page, 'paragraphs', i)}>{text}</p>)}
 */
export function cmsField<T extends object>(astro: { locals: App.Locals }, entry: T, field: keyof T & string, index?: number): Record<string, string> {
  const origin = entryOrigin(entry);
  if (!origin) throw new TypeError('cmsField(): pass the entry exactly as loadEntry() returned it.');
  const { collection, key } = origin;
  const spec = Object.hasOwn(collection.fields, field) ? collection.fields[field] : undefined;
  if (!spec) throw new TypeError(`cmsField(): ${field} is not a field of ${collection.slug} (its fields: ${Object.keys(collection.fields).join(', ')}).`);
  if (index !== undefined && (spec.type !== 'json' || !Number.isSafeInteger(index) || index < 0))
    throw new TypeError(`cmsField(): ${collection.slug}.${field} has no item ${index}; only a json list field takes an index.`);
  if (astro.locals.louise?.editing !== true) return {};
  const attributes: Record<string, string> = { 'data-cms-field': `${collection.slug}:${key}:${field}${index === undefined ? '' : `.${index}`}` };
  if (spec.type === 'richtext' || spec.type === 'image') attributes['data-cms-type'] = spec.type;
  if (!isVersioned(collection) && collection.writers === true) attributes['data-cms-access'] = 'edit';
  return attributes;
}

/** The attributes of an `<img>` for an image field: `src`, `alt`, `width`, `height`, and the marker in edit mode. */
export type ImageAttributes = { src: string; alt: string; width?: number; height?: number } & Record<string, string | number>;

/**
 * The `<img>` attributes of an image field (`{ type: 'image' }`): its
 * `src`, `alt` and intrinsic `width`/`height` as stored, plus the marker
 * (`data-cms-field`, `data-cms-type="image"`) for an editor in edit mode.
 * Null when the field holds no image and the viewer is a visitor, so the
 * page renders nothing; an editor gets an "Add image" placeholder to click
 * (marked `data-cms-empty`, so the editor reads the field as empty).
 *
 * @example
 * {cmsImage(Astro, page, 'hero') && <img class="hero" {...cmsImage(Astro, page, 'hero')} />}
 */
export function cmsImage<T extends object>(astro: { locals: App.Locals }, entry: T, field: keyof T & string): ImageAttributes | null {
  const marker = cmsField(astro, entry, field);
  const spec = entryOrigin(entry)?.collection.fields[field];
  if (spec?.type !== 'image') throw new TypeError(`cmsImage(): ${field} is not an image field (declare it as { type: 'image' }).`);
  return imageAttributes((entry as Record<string, unknown>)[field] as ImageValue | null, marker);
}

/** An image value's `<img>` attributes with its marker; an editor's "Add image" placeholder when empty, else null. */
function imageAttributes(image: ImageValue | null, marker: Record<string, string>): ImageAttributes | null {
  if (!image) return marker['data-cms-field'] ? { src: EMPTY_IMAGE, alt: '', width: 1600, height: 900, ...marker, 'data-cms-empty': '' } : null;
  const size = image.width && image.height ? { width: image.width, height: image.height } : {};
  return { src: image.src, alt: image.alt, ...size, ...marker };
}

/**
 * The marker attributes of a settings field in the structured base
 * (`siteName`, `tagline`, `footerText`), for an editor in edit mode only:
 * the element becomes editable in place and saves a settings draft (visitors
 * see it after Publish), and shows the draft as it is typed in the Settings
 * panel (`data-cms-setting`). Visitors get `{}`.
 *
 * @example <p class="tagline" {...cmsSetting(Astro, 'tagline')}>{site.tagline}</p>
 */
export function cmsSetting(astro: { locals: App.Locals }, field: SiteSettingsColumn): Record<string, string> {
  if (!(siteSettingsColumns as readonly string[]).includes(field))
    throw new TypeError(
      `cmsSetting(): ${field} is not a settings column (they are ${siteSettingsColumns.join(', ')}); edit other settings in the Settings panel.`,
    );
  // `data-cms-setting` names the setting, so the Settings panel can show its draft value on the page as the editor types.
  return astro.locals.louise?.editing === true ? { 'data-cms-field': `${SETTINGS_COLLECTION}:site:${field}`, 'data-cms-setting': field } : {};
}

/** What `cmsSections` and `cmsBlock` read of a sections field's declaration (`defineSections(...).field`). */
interface DeclaredSections {
  types: Readonly<
    Record<string, { label: string; description?: string; preview?: string; fields: Readonly<Record<string, { type: string; label?: string }>> }>
  >;
  blank(type: string, id?: string): Record<string, unknown>;
}

/** The collection, key and sections declaration of a sections field of an entry `loadEntry` returned; throws a TypeError otherwise. */
function sectionsField(helper: string, entry: object, field: string) {
  const origin = entryOrigin(entry);
  if (!origin) throw new TypeError(`${helper}(): pass the entry exactly as loadEntry() returned it.`);
  const spec = Object.hasOwn(origin.collection.fields, field) ? origin.collection.fields[field] : undefined;
  const sections = (spec as { sections?: DeclaredSections } | undefined)?.sections;
  if (!sections) throw new TypeError(`${helper}(): ${field} is not a sections field of ${origin.collection.slug}; declare it with defineSections(...).field.`);
  return { ...origin, sections, marker: `${origin.collection.slug}:${origin.key}:${field}` };
}

/**
 * The attributes of the element that holds a sections field's blocks, for
 * an editor in edit mode only: `{ 'data-cms-sections': '<slug>:<key>:<field>' }`.
 * It also hands the edit-mode client the blocks as stored and the declared
 * block types, so it can move, duplicate, remove and add blocks in place.
 * Visitors get `{}`. Each block inside is marked with `cmsBlock`.
 *
 * @example
 * <main {...cmsSections(Astro, page, 'sections')}>
 *   {page.sections.map((section, i) => <Block section={section} block={cmsBlock(Astro, page, 'sections', i)} />)}
 * </main>
 */
export function cmsSections<T extends object>(astro: { locals: App.Locals }, entry: T, field: keyof T & string): Record<string, string> {
  const { sections, marker } = sectionsField('cmsSections', entry, field);
  const louise = astro.locals.louise;
  if (louise?.editing !== true) return {};
  const types: SectionsNote['types'] = {};
  for (const [type, { label, fields, description, preview }] of Object.entries(sections.types)) {
    const { id: _id, ...blank } = sections.blank(type, 'new');
    types[type] = {
      label,
      ...(description === undefined ? {} : { description }),
      ...(preview === undefined ? {} : { preview }),
      fields: Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, { type: spec.type, label: spec.label ?? humanName(name) }])),
      blank,
    };
  }
  louise.sections[marker] = { value: (entry as Record<string, unknown>)[field] ?? [], types };
  return { 'data-cms-sections': marker };
}

/** A field's words when its declaration gives no label: `heroImage` and `hero_image` read "Hero image", never the key as is. */
const humanName = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A block of a sections list, as the union of the declared block shapes. */
type BlockOf<L> = L extends readonly (infer B)[] ? B : never;
/** The field names of every block shape (a union's keys, distributed), other than `id` and `type`. */
type BlockFieldName<B> = B extends object ? Exclude<keyof B & string, 'id' | 'type'> : never;

/** A block's markers: the attributes of its outer element, and those of each of its fields. */
export interface BlockMarkers<B> {
  /** For the block's outer element: `data-cms-block` (its id), `data-cms-block-type` and `data-cms-label`, in edit mode only. */
  attributes: Record<string, string>;
  /** The marker of one of the block's fields (a `list` field's item by `item`), like `cmsField`. */
  field(name: BlockFieldName<B>, item?: number): Record<string, string>;
  /** The `<img>` attributes of one of the block's image fields, like `cmsImage`. */
  image(name: BlockFieldName<B>): ImageAttributes | null;
}

/**
 * The markers of block `index` of a sections field, for an editor in edit
 * mode only (visitors get `{}` everywhere, so their HTML carries no block
 * ids): `attributes` for the block's outer element, and `field(name)` for
 * each element showing one of its fields, which becomes editable in place
 * (`<slug>:<key>:<field>.<index>.<name>`). The block's own toolbar (move,
 * duplicate, remove, add) is added by the edit-mode client.
 *
 * @example
 * const block = cmsBlock(Astro, page, 'sections', i);
 * <section {...block.attributes}><h2 {...block.field('heading')}>{section.heading}</h2></section>
 */
export function cmsBlock<T extends object, F extends keyof T & string>(
  astro: { locals: App.Locals },
  entry: T,
  field: F,
  index: number,
): BlockMarkers<BlockOf<T[F]>> {
  const { sections, marker } = sectionsField('cmsBlock', entry, field);
  const list = (entry as Record<string, unknown>)[field];
  const block = Array.isArray(list) ? (list[index] as { id?: unknown; type?: unknown } | undefined) : undefined;
  if (!block || typeof block.type !== 'string' || !Object.hasOwn(sections.types, block.type))
    throw new TypeError(`cmsBlock(): ${field} has no block ${index}; pass the index of a block in the list.`);
  const type = sections.types[block.type] as DeclaredSections['types'][string];
  const editing = astro.locals.louise?.editing === true;
  const fieldMarker = (name: string, item?: number) => {
    const spec = Object.hasOwn(type.fields, name) ? type.fields[name] : undefined;
    if (!spec) throw new TypeError(`cmsBlock(): a ${block.type} block has no field ${name} (its fields: ${Object.keys(type.fields).join(', ')}).`);
    if (!editing) return {};
    const attributes: Record<string, string> = {
      'data-cms-field': `${marker}.${index}.${name}${item === undefined ? '' : `.${item}`}`,
      'data-cms-label': spec.label ?? humanName(name),
    };
    if (spec.type === 'richtext' || spec.type === 'image' || spec.type === 'link') attributes['data-cms-type'] = spec.type;
    return attributes;
  };
  return {
    attributes: editing ? { 'data-cms-block': String(block.id), 'data-cms-block-type': block.type, 'data-cms-label': type.label } : {},
    field: fieldMarker,
    image(name) {
      const attributes = fieldMarker(name);
      if (type.fields[name]?.type !== 'image') throw new TypeError(`cmsBlock().image(): ${name} is not an image field of a ${block.type} block.`);
      return imageAttributes((block as Record<string, unknown>)[name] as ImageValue | null, attributes);
    },
  };
}
