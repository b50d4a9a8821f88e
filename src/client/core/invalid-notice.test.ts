import { describe, expect, it } from 'vitest';
import { invalidFields, noticeText, repaired, type NoticePage } from './invalid-notice.ts';

const page = (over: Partial<NoticePage> = {}): NoticePage => ({
  docs: new Set(['pages:3', 'settings:site']),
  labelOf: (id) => ({ 'pages:3:paragraphs': 'paragraphs', 'pages:3:title': 'Title' })[id],
  historyDoc: 'pages:3',
  maySave: (doc) => doc.startsWith('pages:'),
  ...over,
});

const paragraphs = { field: 'paragraphs', message: 'must be a list of text' };

describe('invalidFields', () => {
  it('lists each field of a document on the page once, with what the page can do about it', () => {
    const fields = invalidFields(
      { 'pages:3': [paragraphs, paragraphs, { field: 'title', message: 'must be text' }], 'settings:site': [{ field: 'tagline', message: 'too long' }] },
      page(),
    );
    expect(fields).toEqual([
      { id: 'pages:3:paragraphs', label: 'paragraphs', message: 'must be a list of text', editable: true, history: true },
      { id: 'pages:3:title', label: 'Title', message: 'must be text', editable: true, history: true },
      { id: 'settings:site:tagline', label: 'tagline', message: 'too long', editable: false, history: false },
    ]);
  });

  it('leaves out documents with no marker on the page and lists that are not lists', () => {
    expect(invalidFields({ 'pages:9': [paragraphs], 'pages:3': null as never }, page())).toEqual([]);
  });

  it('offers History only for the document History restores (none for an editor who may not publish)', () => {
    expect(invalidFields({ 'pages:3': [paragraphs] }, page({ historyDoc: undefined }))[0]).toMatchObject({ editable: true, history: false });
  });
});

describe('noticeText', () => {
  const field = { id: 'pages:3:paragraphs', label: 'paragraphs', message: 'must be a list of text', editable: true, history: true };

  it('names the field and the problem, and offers every repair the page has', () => {
    expect(noticeText({ ...field, reset: { doc: 'pages:3', field: 'paragraphs', value: [] } })).toBe(
      'Stored data of paragraphs could not be used (must be a list of text): it shows a fallback. To repair it, edit and save it, press Reset to save the fallback or open History to restore an earlier version.',
    );
  });

  it('offers only the repairs the page has', () => {
    expect(noticeText({ ...field, history: false })).toMatch(/fallback\. To repair it, edit and save it\.$/);
    expect(noticeText({ ...field, editable: false })).toMatch(/fallback\. To repair it, open History to restore an earlier version\.$/);
    expect(noticeText({ ...field, editable: false, history: false, reset: { doc: 'pages:3', field: 'paragraphs', value: [] } })).toMatch(
      /To repair it, press Reset to save the fallback\.$/,
    );
    expect(noticeText({ ...field, editable: false, history: false })).toMatch(/: it shows a fallback\.$/);
  });
});

describe('reset', () => {
  it('is offered with the fallback when the server sent one and this editor may save the document', () => {
    const fields = invalidFields(
      { 'pages:3': [{ ...paragraphs, fallback: [] }], 'settings:site': [{ field: 'tagline', message: 'must be a string', fallback: '' }] },
      page(),
    );
    expect(fields.map((f) => f.reset)).toEqual([{ doc: 'pages:3', field: 'paragraphs', value: [] }, undefined]);
    expect(invalidFields({ 'pages:3': [paragraphs] }, page())[0]?.reset).toBeUndefined();
  });
});

describe('repaired', () => {
  it('drops only the field that saved', () => {
    const fields = invalidFields({ 'pages:3': [paragraphs, { field: 'title', message: 'must be text' }] }, page());
    expect(repaired(fields, 'pages:3:title').map((f) => f.id)).toEqual(['pages:3:paragraphs']);
    expect(repaired(fields, 'pages:3:summary')).toEqual(fields);
    expect(repaired(repaired(fields, 'pages:3:title'), 'pages:3:paragraphs')).toEqual([]);
  });
});
