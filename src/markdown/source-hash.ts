/**
 * What a stored edit of a file-backed entry remembers of the file it was
 * made against, and what a deploy does with the edit once it ships a file:
 * a newer file is never silently hidden by an older edit.
 */
import { sha256Hex } from '../security/crypto.ts';

/** SHA-256 hex of the file's bytes (text is hashed as UTF-8, line endings and BOM included). Web Crypto: runs in Workers and Node. */
export function sourceHash(file: string | Uint8Array): Promise<string> {
  return sha256Hex(file);
}

/**
 * - `pulled`: the deployed file already says what the edit says; the edit stops overriding it.
 * - `choose`: the file changed since the edit was made; the editor is shown both and chooses.
 * - `applies`: the file is the one the edit was made against; the edit keeps overriding it.
 */
export type EditStanding = 'pulled' | 'choose' | 'applies';

/**
 * The standing of a stored edit against the deployed file.
 * `fileHash`: the deployed file; `sourceHash`: the file the edit was made
 * against; `editedFileHash`: that file with the edit written in (what
 * `louise content pull` would write).
 */
export function editStanding(hashes: { fileHash: string; sourceHash: string; editedFileHash: string }): EditStanding {
  // Checked first: a pull changes the file, which must not read as someone else's change.
  if (hashes.fileHash === hashes.editedFileHash) return 'pulled';
  if (hashes.fileHash !== hashes.sourceHash) return 'choose';
  return 'applies';
}
