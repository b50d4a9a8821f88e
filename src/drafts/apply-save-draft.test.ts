import { describe, expect, it } from 'vitest';
import { defineCollection, textList } from '../content/collection.ts';
import type { DraftEdit } from './merge-draft.ts';
import { pages, pagesVersions } from '../db/schema.ts';
import type { HttpError } from '../http/errors.ts';
import type { EditorSession } from '../http/session.ts';
import { checkDraftSave } from './apply-save-draft.ts';
import { draftDeps } from './draft-deps.ts';

const config = defineCollection({
  slug: 'pages',
  fields: { title: { type: 'text', required: true }, summary: { type: 'text' }, body: { type: 'richtext' }, paragraphs: { type: 'json', schema: textList } },
  versions: { drafts: true },
});
const deps = draftDeps({ table: pages, versionsTable: pagesVersions, config });
const editor: EditorSession = { id: 'e1', email: 'e1@site.test', name: 'Editor', access: { publish: false } };

/** The refusal `checkDraftSave` throws for `edit`. */
async function refusal(edit: DraftEdit): Promise<HttpError> {
  return checkDraftSave(deps, editor, 1, edit).then(
    () => expect.unreachable('the save was accepted'),
    (error: HttpError) => error,
  );
}

describe('checkDraftSave takes a typed DraftEdit, never a body', () => {
  it('checks the fields and keeps the base revisions as given', async () => {
    const edit: DraftEdit = { fields: { title: 'T', body: '<p>x</p><script>alert(1)</script>' }, base: { title: 'r1', body: 'r2' } };
    const checked = await checkDraftSave(deps, editor, 1, edit);
    expect(checked.edit.fields).toEqual({ title: 'T', body: '<p>x</p>' });
    expect(checked.edit.base).toEqual({ title: 'r1', body: 'r2' });
    expect(checked.touched).toEqual(['title', 'body']);
  });

  it('reads no body keys: `$base` and a dotted item key in the fields are not fields of the collection', async () => {
    const base = await refusal({ fields: { title: 'T', $base: { title: 'r1' } } });
    expect([base.status, base.code, base.extra]).toEqual([400, 'unknown_field', { fields: ['$base'] }]);
    const dotted = await refusal({ fields: { 'paragraphs.0': 'p' } });
    expect([dotted.status, dotted.code, dotted.extra]).toEqual([400, 'unknown_field', { fields: ['paragraphs.0'] }]);
  });

  it('takes list items and a base for them as typed parts of the edit', async () => {
    const checked = await checkDraftSave(deps, editor, 1, { fields: {}, items: [{ field: 'paragraphs', index: 0, value: 'p' }], base: { paragraphs: 'r' } });
    expect(checked.touched).toEqual(['paragraphs']);
    expect(checked.edit.items).toEqual([{ field: 'paragraphs', index: 0, value: 'p' }]);
  });

  it('refuses an edit that changes nothing', async () => {
    const empty = await refusal({ fields: {} });
    expect([empty.status, empty.code]).toEqual([400, 'empty_save']);
  });
});
