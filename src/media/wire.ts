// The media routes' wire contract (`/api/cms/media`): the JSON shapes the
// routes answer and the editor's media panel reads. Types only, importing
// nothing, so the browser client shares them (the `client` allowance in
// .dependency-cruiser.cjs): a field renamed on one side and not the other
// fails `npm run typecheck` instead of showing up as an empty card.

/**
 * A media asset as every media route answers it (exactly these keys). `id`
 * is the registry row id for `mediaRoute`, the object key for
 * `listMediaRoute`; `url` is `MEDIA_URL` + `key`; `width` and `height` are an
 * image's intrinsic size (displayed orientation), null for other kinds.
 */
export interface MediaAsset {
  id: number | string;
  url: string;
  key: string;
  type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  alt: string;
  caption: string;
  createdAt: number;
}

/** Where content uses an asset: a collection's row id and the field holding the asset's key (a 409 `in_use` lists them). */
export interface MediaReference {
  collection: string;
  id: number;
  field: string;
}

/** `GET`: a page of the library, newest first. */
export interface MediaPage {
  items: MediaAsset[];
  nextCursor: string | null;
}

/** The body of `DELETE`'s 409 while content still uses the asset (`?force=1` deletes anyway). */
export interface MediaInUse {
  error: 'in_use';
  message: string;
  references: MediaReference[];
}
