import { describe, expect, it } from 'vitest';
import { editStanding, sourceHash } from './source-hash.ts';

describe('sourceHash', () => {
  it('is the SHA-256 hex of the file bytes (UTF-8 for text), the same for text and its bytes', async () => {
    expect(await sourceHash('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sourceHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await sourceHash(new TextEncoder().encode('é\r\n'))).toBe(await sourceHash('é\r\n'));
    expect(await sourceHash('a\r\n')).not.toBe(await sourceHash('a\n'));
  });
});

describe('editStanding', () => {
  const source = 'hash-of-the-file-the-edit-was-made-on';
  const pulled = 'hash-of-the-file-with-the-edit-written-in';

  it('applies the edit while the deployed file is still the one it was made against', () => {
    expect(editStanding({ fileHash: source, sourceHash: source, editedFileHash: pulled })).toBe('applies');
  });

  it('stops overriding once the deployed file equals the edit (it was pulled), even though the file changed', () => {
    expect(editStanding({ fileHash: pulled, sourceHash: source, editedFileHash: pulled })).toBe('pulled');
  });

  it('asks the editor to choose when the file changed in git after the edit was made', () => {
    expect(editStanding({ fileHash: 'someone-else-changed-it', sourceHash: source, editedFileHash: pulled })).toBe('choose');
  });

  it('an edit that changes nothing is pulled from the start', () => {
    expect(editStanding({ fileHash: source, sourceHash: source, editedFileHash: source })).toBe('pulled');
  });
});
