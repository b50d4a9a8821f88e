import { describe, expect, it } from 'vitest';
import { choiceOf } from './markdown-note.ts';

describe('choiceOf', () => {
  it('asks the editor to choose when the stored edit stands against a changed file', () => {
    expect(choiceOf({ markdown: '# Mine\n', file: 'src/content/blog/a.md', standing: 'choose', fileMarkdown: '# File\n' })).toEqual({
      mine: '# Mine\n',
      file: '# File\n',
    });
  });

  it('asks nothing when the edit applies, was pulled, is not an entry, or both versions are the same', () => {
    expect(choiceOf({ markdown: '# Mine\n', standing: 'applies' })).toBeNull();
    expect(choiceOf({ markdown: '# Mine\n', standing: 'pulled' })).toBeNull();
    expect(choiceOf({ markdown: '# Mine\n' })).toBeNull();
    expect(choiceOf({ markdown: '# Same\n', standing: 'choose', fileMarkdown: '# Same\n' })).toBeNull();
    // 'choose' without the file's body cannot show two versions.
    expect(choiceOf({ markdown: '# Mine\n', standing: 'choose' })).toBeNull();
  });
});
