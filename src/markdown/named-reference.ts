import { decodeHTMLStrict } from 'entities/decode';

/**
 * A drop-in for `decode-named-character-reference` (micromark's decoder of
 * `&name;`), for the Worker's bundle to alias it to. The original carries its
 * own table of every HTML entity (about 11 KiB gzip); the Worker already holds
 * the same table in `entities`, which sanitize-html's parser decodes with.
 * Same contract: the decoded text, or false for a name that is no entity.
 */
export function decodeNamedCharacterReference(value: string): string | false {
  const reference = `&${value};`;
  const decoded = decodeHTMLStrict(reference);
  return decoded === reference ? false : decoded;
}
