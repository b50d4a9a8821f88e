import { characterEntities } from 'character-entities';
import { decodeNamedCharacterReference as original } from 'decode-named-character-reference';
import { describe, expect, it } from 'vitest';
import { decodeNamedCharacterReference } from './named-reference.ts';

describe('decodeNamedCharacterReference over entities', () => {
  it('decodes every HTML entity name as micromark’s own decoder does', () => {
    const names = Object.keys(characterEntities);
    expect(names.length).toBeGreaterThan(2000);
    for (const name of names) expect(decodeNamedCharacterReference(name), name).toBe(original(name));
  });

  it('answers false for what is no entity, as the original does', () => {
    for (const name of ['notit', 'ampx', 'AMP1', 'foo', 'x', 'copyright', 'nbsp2', 'Amp', 'lt0'])
      expect(decodeNamedCharacterReference(name), name).toBe(original(name));
  });
});
