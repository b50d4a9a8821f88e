import { sha256Hex } from '../../../../src/security/crypto.ts';
import { obj, optObj, optStr, type PosObject, str } from './read.ts';
import { type PosConfig, posIdempotencyKey, posRequest } from './request.ts';

/** A catalog image: its `id` is what an item's or a variation's `imageIds` takes. */
export interface PosCatalogImage {
  id: string;
  name: string | null;
  caption: string | null;
  /** Where Pos serves the uploaded file. */
  url: string | null;
}

export interface PosCatalogImageInput {
  /** The image file: JPEG, PJPEG, PNG or GIF, at most 15 MB (CreateCatalogImage). */
  file: Blob;
  /** The file name sent with the part; default `image` with the type's extension. */
  fileName?: string | undefined;
  name?: string | undefined;
  caption?: string | undefined;
  /** Attach the new image to this item or variation (it must exist). Without it the image is unattached. */
  objectId?: string | undefined;
  /** With `objectId`: make it the object's first image. */
  isPrimary?: boolean | undefined;
  idempotencyKey?: string | undefined;
}

const MAX_BYTES = 15 * 1024 * 1024;
const TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/pjpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

async function fileDigest(file: Blob): Promise<string> {
  return sha256Hex(new Uint8Array(await file.arrayBuffer()));
}

export function mapCatalogImage(raw: PosObject, operation: string): PosCatalogImage {
  const data = optObj(raw, 'image_data');
  return { id: str(raw, 'id', operation), name: optStr(data, 'name'), caption: optStr(data, 'caption'), url: optStr(data, 'url') };
}

/**
 * Uploads an image (multipart: a JSON `request` part with the idempotency
 * key, and the file as `image_file`), optionally attaching it to an object.
 * Returns the image; put its `id` in `imageIds` of an item to show it.
 */
export async function createCatalogImage(config: PosConfig, input: PosCatalogImageInput): Promise<PosCatalogImage> {
  const file = input?.file;
  if (!(file instanceof Blob) || file.size === 0) throw new TypeError('Pos createCatalogImage needs { file }, a non-empty Blob or File');
  if (file.size > MAX_BYTES) throw new TypeError(`Pos catalog images are at most 15 MB; this one is ${file.size} bytes`);
  const ext = TYPES[file.type.toLowerCase()];
  if (ext === undefined) throw new TypeError(`Pos catalog images must be JPEG, PJPEG, PNG or GIF; got type ${JSON.stringify(file.type)}`);
  if (input.isPrimary !== undefined && input.objectId === undefined) throw new TypeError('Pos createCatalogImage: isPrimary needs the objectId to attach to');
  const request: Record<string, unknown> = {
    image: { type: 'IMAGE', id: '#image', image_data: { name: input.name, caption: input.caption } },
    object_id: input.objectId,
    is_primary: input.isPrimary,
  };
  const fileName = input.fileName ?? (file instanceof File && file.name ? file.name : `image.${ext}`);
  const op = 'POST /v2/catalog/images';
  const sent = JSON.parse(JSON.stringify(request)) as Record<string, unknown>;
  // posRequest would derive the key from the JSON part alone: two different files with the same name would share
  // one key and Pos would replay the first upload. The file's digest goes into the derived key.
  const key = input.idempotencyKey ?? (await posIdempotencyKey(op, { request: sent, file: await fileDigest(file) }));
  const answer = await posRequest(config, 'POST', '/v2/catalog/images', {
    multipart: { request: sent, file, fileName, filePart: 'image_file' },
    idempotency: { key, maxLength: 128 },
  });
  return mapCatalogImage(obj(answer, 'image', op), op);
}
