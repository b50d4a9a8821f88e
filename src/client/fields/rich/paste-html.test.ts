// cleanPastedHtml runs where it runs for editors: in Chromium's own HTML
// parser (Debian's build, as the end-to-end tests use), on clipboard HTML as
// Word and Google Docs write it. The module has no imports but a type, so its
// source, with the types stripped, is the whole page script.
/// <reference types="node" />
import { type Browser, chromium, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_LAUNCH } from '../../../../tests/chromium.ts';
import { type FieldRules, fieldRules } from './field-rules.ts';

// Word 365 (Windows), "Copy" of a paragraph, a bulleted list with a nested item and a numbered list.
const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=ProgId content=Word.Document><meta name=Generator content="Microsoft Word 15">
<!--[if gte mso 9]><xml><w:WordDocument><w:View>Normal</w:View></w:WordDocument></xml><![endif]-->
<style><!-- p.MsoListParagraphCxSpFirst {mso-style-priority:34;margin-left:36.0pt;} @list l0:level1 {mso-level-number-format:bullet;mso-level-text:\\F0B7;} --></style></head>
<body lang=EN-GB style='tab-interval:36.0pt;word-wrap:break-word'>
<!--StartFragment-->
<p class=MsoNormal>Shopping <b>list</b>:<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>First bullet<o:p></o:p></p>
<p class=MsoListParagraphCxSpMiddle style='margin-left:72.0pt;mso-add-space:auto;text-indent:-18.0pt;mso-list:l0 level2 lfo1'><![if !supportLists]><span style='font-family:"Courier New";mso-fareast-font-family:"Courier New"'><span style='mso-list:Ignore'>o<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp; </span></span></span><![endif]>Nested bullet<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol;mso-fareast-font-family:Symbol;mso-bidi-font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Second <span class=SpellE>bullet</span><o:p></o:p></p>
<p class=MsoNormal>Steps:<o:p></o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-fareast-font-family:Calibri;mso-fareast-theme-font:minor-latin'><span style='mso-list:Ignore'>1.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Open the page<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l1 level1 lfo2'><![if !supportLists]><span style='mso-fareast-font-family:Calibri;mso-fareast-theme-font:minor-latin'><span style='mso-list:Ignore'>2.<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Click <i>Edit</i><o:p></o:p></p>
<h1>Big title</h1>
<!--EndFragment-->
</body></html>`;

// Google Docs (Chrome), a Title-less doc: Heading 1, a paragraph with bold and italic runs, both kinds of list, a Heading 4, a table.
const SPAN =
  'font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;';
const LI = (type: string, text: string) =>
  `<li dir="ltr" style="list-style-type:${type};font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;" aria-level="1"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;" role="presentation"><span style="${SPAN}font-weight:400;font-style:normal;">${text}</span></p></li>`;
const TD = (text: string) =>
  `<td style="border-left:solid #000000 1pt;border-right:solid #000000 1pt;vertical-align:top;padding:5pt 5pt 5pt 5pt;overflow:hidden;overflow-wrap:break-word;"><p dir="ltr" style="line-height:1.2;margin-top:0pt;margin-bottom:0pt;"><span style="${SPAN}font-weight:400;font-style:normal;">${text}</span></p></td>`;
const DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5e1c7a2b-7fff-3c4d-0f1e-08d2b6c1a9e4"><h1 dir="ltr" style="line-height:1.38;margin-top:20pt;margin-bottom:6pt;"><span style="font-size:20pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:normal;">Trip plan</span></h1><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="${SPAN}font-weight:700;font-style:normal;">Bring</span><span style="${SPAN}font-weight:400;font-style:normal;">: </span><span style="${SPAN}font-weight:400;font-style:italic;">everything</span></p><ul style="margin-top:0;margin-bottom:0;padding-inline-start:48px;">${LI('disc', 'Tent')}${LI('disc', 'Stove')}</ul><br><ol style="margin-top:0;margin-bottom:0;padding-inline-start:48px;">${LI('decimal', 'Pack')}${LI('decimal', 'Drive')}</ol><h4 dir="ltr" style="line-height:1.38;margin-top:14pt;margin-bottom:4pt;"><span style="font-size:12pt;font-family:Arial,sans-serif;color:#666666;font-weight:400;">Notes</span></h4><div dir="ltr" style="margin-left:0pt;" align="left"><table style="border:none;border-collapse:collapse;"><colgroup><col width="301" /><col width="301" /></colgroup><tbody><tr style="height:0pt">${TD('Day')}${TD('Where')}</tr><tr style="height:0pt">${TD('Monday')}${TD('Lakes')}</tr></tbody></table></div></b><br class="Apple-interchange-newline">`;

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch(CHROMIUM_LAUNCH);
  page = await browser.newPage();
  const source = readFileSync(new URL('./paste-html.ts', import.meta.url), 'utf8');
  const script = stripTypeScriptTypes(source)
    .replace(/^import .*$/gm, '')
    .replace(/^export /gm, '');
  await page.setContent('<!doctype html><title>paste</title>');
  await page.addScriptTag({ content: script });
}, 30_000);

afterAll(async () => {
  await browser?.close();
});

/** What cleanPastedHtml makes of `html`, with the whitespace between tags left out. */
async function cleaned(html: string, rules: FieldRules = fieldRules(false)): Promise<string> {
  const out = await page.evaluate(([h, r]) => (globalThis as unknown as { cleanPastedHtml: (h: string, r: unknown) => string }).cleanPastedHtml(h, r), [
    html,
    rules,
  ] as const);
  return out.replace(/>\s+</g, '><').trim();
}

/** The words of some HTML's text, in order (a block's edge ends a word). */
async function words(html: string): Promise<string[]> {
  const spaced = html.replace(/<\/?(p|li|ul|ol|h\d|br|td|div|table|tr)\b[^>]*>/gi, ' $&');
  return page.evaluate((h) => (new DOMParser().parseFromString(h, 'text/html').body.textContent ?? '').split(/[\s\u00a0]+/).filter(Boolean), spaced);
}

describe('cleanPastedHtml', () => {
  it("makes Word's list paragraphs real lists, nested by level, bullets or numbers as Word drew them", async () => {
    expect(await cleaned(WORD)).toBe(
      '<p>Shopping <b>list</b>:</p><ul><li>First bullet<ul><li>Nested bullet</li></ul></li><li>Second bullet</li></ul><p>Steps:</p><ol><li>Open the page</li><li>Click <i>Edit</i></li></ol><h2>Big title</h2>',
    );
  });

  it("unwraps Google Docs' wrapper, keeps its lists, turns its styled runs into strong and em, flattens its table", async () => {
    expect(await cleaned(DOCS)).toBe(
      '<h2>Trip plan</h2><p><strong>Bring</strong>: <em>everything</em></p><ul><li>Tent</li><li>Stove</li></ul><br><ol><li>Pack</li><li>Drive</li></ol><h3>Notes</h3><p>Day</p><p>Where</p><p>Monday</p><p>Lakes</p><br>',
    );
  });

  it('loses no text: every word pasted is in what is kept (Word’s list markers aside)', async () => {
    for (const sample of [WORD, DOCS]) {
      const before = (await words(sample)).filter((word) => !/^([·o]|\d\.)$/.test(word));
      expect(await words(await cleaned(sample))).toEqual(before);
    }
  });

  it('maps headings into the allowed levels, or into paragraphs where the field allows none', async () => {
    expect(await cleaned('<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4><h6>E</h6>')).toBe('<h2>A</h2><h2>B</h2><h3>C</h3><h3>D</h3><h3>E</h3>');
    expect(await cleaned('<h1>A</h1><h3>C</h3>', fieldRules(true))).toBe('<p>A</p><p>C</p>');
  });

  it('keeps a table where the field allows tables, its attributes dropped', async () => {
    const rules = { ...fieldRules(false), tables: true };
    expect(await cleaned('<table class="x"><tbody><tr><td style="color:red">a</td></tr></tbody></table>', rules)).toBe(
      '<table><tbody><tr><td>a</td></tr></tbody></table>',
    );
  });

  it('drops scripts, styles, classes, ids and event handlers, and keeps only a link’s address', async () => {
    expect(
      await cleaned(
        '<p class="c" id="i" onclick="x()"><a href="/about" target="_blank" style="color:red" onmouseover="y()">About</a><script>alert(1)</script></p><style>p{}</style>',
      ),
    ).toBe('<p><a href="/about">About</a></p>');
  });

  it('makes a div of text a paragraph, and unwraps one that holds blocks', async () => {
    expect(await cleaned('<div>One</div><div><p>Two</p></div><section><span>Three</span></section>')).toBe('<p>One</p><p>Two</p><p>Three</p>');
  });
});
