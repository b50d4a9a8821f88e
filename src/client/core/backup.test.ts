import { describe, expect, it } from 'vitest';
import { BACKUP_MAX_AGE_MS, createBackup, type BackupStorage } from './backup.ts';

function memoryStorage(): BackupStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('createBackup', () => {
  it('keeps, reads back and drops an edit by marker', () => {
    const storage = memoryStorage();
    let clock = 1_000;
    const backup = createBackup(storage, () => clock);
    backup.keep('pages:1:title', 'Typed');
    backup.keep('pages:1:paragraphs', ['a', 'b']);
    clock += 5;
    expect(createBackup(storage, () => clock).read('pages:1:title')).toEqual({ value: 'Typed', at: 1_000 });
    expect(backup.read('pages:1:paragraphs')?.value).toEqual(['a', 'b']);
    backup.drop('pages:1:title');
    expect(backup.read('pages:1:title')).toBeNull();
    expect([...storage.items.keys()]).toEqual(['louise:unsaved:pages:1:paragraphs']);
  });

  it('drops copies that are too old or malformed instead of offering them', () => {
    const storage = memoryStorage();
    let clock = 0;
    const backup = createBackup(storage, () => clock);
    backup.keep('a:1:x', 'old');
    clock = BACKUP_MAX_AGE_MS + 1;
    expect(backup.read('a:1:x')).toBeNull();
    expect(storage.items.size).toBe(0);
    for (const raw of ['not json', 'null', '{"value":"v"}', '{"at":"yesterday","value":"v"}', '{"at":1}']) {
      storage.items.set('louise:unsaved:a:1:y', raw);
      expect(backup.read('a:1:y'), raw).toBeNull();
      expect(storage.items.has('louise:unsaved:a:1:y')).toBe(false);
    }
  });

  it('is best effort: blocked or full storage never throws', () => {
    const throwing: BackupStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    for (const storage of [throwing, null]) {
      const backup = createBackup(storage);
      expect(() => backup.keep('a:1:x', 'v')).not.toThrow();
      expect(backup.read('a:1:x')).toBeNull();
      expect(() => backup.drop('a:1:x')).not.toThrow();
    }
  });
});
