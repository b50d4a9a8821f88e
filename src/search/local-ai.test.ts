import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCAL_AI_DIMENSIONS, localAi, stemWord } from './local-ai.ts';

const MODEL = '@cf/baai/bge-base-en-v1.5';

async function embed(texts: string[], dimensions?: number): Promise<number[][]> {
  const ai = localAi(dimensions === undefined ? {} : { dimensions });
  const result = (await ai.run(MODEL, { text: texts })) as { shape: number[]; data: number[][] };
  expect(result.shape).toEqual([texts.length, dimensions ?? LOCAL_AI_DIMENSIONS]);
  expect(result.data).toHaveLength(texts.length);
  return result.data;
}

const dot = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * (b[i] as number), 0);
const norm = (a: number[]) => Math.sqrt(dot(a, a));
const cosine = (a: number[], b: number[]) => dot(a, b) / (norm(a) * norm(b));

async function similarity(a: string, b: string): Promise<number> {
  const [x, y] = await embed([a, b]);
  return cosine(x as number[], y as number[]);
}

describe('localAi', () => {
  it('answers Workers AI’s shape: { shape: [n, dimensions], data: number[n][dimensions] }', async () => {
    const data = await embed(['one', 'two words', 'three little words'], 64);
    for (const vector of data) {
      expect(vector).toHaveLength(64);
      expect(vector.every((x) => Number.isFinite(x))).toBe(true);
    }
    expect(await embed([])).toEqual([]);
  });

  it('is deterministic and L2-normalised, across instances and batches', () => {
    return fc.assert(
      fc.asyncProperty(fc.array(fc.string({ maxLength: 80 }), { minLength: 1, maxLength: 6 }), async (texts) => {
        const once = await embed(texts);
        const again = await embed([...texts].reverse());
        expect([...again].reverse()).toEqual(once);
        texts.forEach((text, i) => {
          const vector = once[i] as number[];
          if (/[\p{L}\p{N}]/u.test(text)) expect(norm(vector)).toBeCloseTo(1, 12);
          else expect(vector.every((x) => x === 0)).toBe(true);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same text cosine 1 and any two texts a cosine in [-1, 1]', () => {
    return fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 80 }), fc.string({ maxLength: 80 }), async (a, b) => {
        fc.pre(/[\p{L}\p{N}]/u.test(a) && /[\p{L}\p{N}]/u.test(b));
        expect(await similarity(a, a)).toBeCloseTo(1, 12);
        const s = await similarity(a, b);
        expect(s).toBeGreaterThanOrEqual(-1 - 1e-12);
        expect(s).toBeLessThanOrEqual(1 + 1e-12);
      }),
      { numRuns: 60 },
    );
  });

  it('puts another form of a word, or a typo, closer than an unrelated word', async () => {
    expect(await similarity('editing', 'edited')).toBeGreaterThan(0.5);
    expect(await similarity('editing', 'edited')).toBeGreaterThan(await similarity('editing', 'banana'));
    expect(await similarity('publishing pages', 'published page')).toBeGreaterThan(await similarity('publishing pages', 'weather forecast'));
    expect(await similarity('inline editor', 'inline edtior')).toBeGreaterThan(await similarity('inline editor', 'garden party'));
  });

  it('folds diacritics and case: "Édition Café" embeds exactly like "edition cafe"', async () => {
    const [a, b] = await embed(['Édition Café', 'edition cafe']);
    expect(a).toEqual(b);
    const [c, d] = await embed(['ＡＢＣ naïve', 'abc naive']);
    expect(c).toEqual(d);
  });

  it('does not know meaning: car and automobile are not close', async () => {
    expect(await similarity('car', 'automobile')).toBeLessThan(0.3);
  });

  it('keeps word order a little: the same words in another order are close but not identical', async () => {
    const s = await similarity('open the editor', 'editor the open');
    expect(s).toBeGreaterThan(0.7);
    expect(s).toBeLessThan(1 - 1e-9);
  });

  it('refuses bad input and bad dimensions', async () => {
    await expect(localAi().run(MODEL, { text: 'one' as unknown as string[] })).rejects.toThrow(TypeError);
    await expect(localAi().run(MODEL, { text: [1] as unknown as string[] })).rejects.toThrow(TypeError);
    expect(() => localAi({ dimensions: 0 })).toThrow(RangeError);
    expect(() => localAi({ dimensions: 2000 })).toThrow(RangeError);
    expect(() => localAi({ dimensions: 3.5 })).toThrow(RangeError);
  });
});

describe('stemWord', () => {
  it('brings common English forms together and leaves short words alone', () => {
    for (const form of ['edit', 'edits', 'edited', 'editing']) expect(stemWord(form)).toBe('edit');
    for (const form of ['page', 'pages', 'paging']) expect(stemWord(form)).toBe('pag');
    expect(stemWord('studies')).toBe('study');
    expect(stemWord('running')).toBe('run');
    expect(stemWord('boxes')).toBe('box');
    expect(stemWord('this')).toBe('this');
    expect(stemWord('class')).toBe('class');
    expect(stemWord('is')).toBe('is');
  });
});
