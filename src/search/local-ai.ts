// A stand-in for Workers AI's text embeddings that runs anywhere, offline,
// and gives the same vector for the same text every time.
import type { AiLike } from './vector-api.ts';

/** localAi's vector size when none is given. */
export const LOCAL_AI_DIMENSIONS = 256;

// Vectorize's limit on a vector's dimensions: a bigger local vector could not be stored there either.
const MAX_DIMENSIONS = 1536;
const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}/gu;
// Feature weights: the word itself counts most; the pair of words keeps a
// little of the order; the character trigrams carry the spelling, so a typo
// or another form of the word still lands near.
const UNIGRAM = 1;
const BIGRAM = 0.5;
const TRIGRAM = 0.35;

/**
 * A deterministic, offline embedder with the Workers AI binding's shape, for
 * development and tests (Workers AI has no local emulation): `run(model, {
 * text })` resolves to `{ shape: [n, dimensions], data }`, one L2-normalised
 * vector per text, the model name ignored.
 *
 * What it is: feature hashing. Each text is folded (NFKD, diacritics removed,
 * lower case) and cut into words; every word (reduced by a light English
 * suffix stemmer: "editing" and "edited" both count as "edit"), every pair of
 * neighbouring words and every character trigram of a word is hashed into
 * one of `dimensions` buckets with a hashed sign. So it measures shared
 * words and spellings: it finds "editing" for "edited" and survives a typo.
 *
 * What it is not: a language model. It knows nothing of meaning (a car and
 * an automobile share no letters, so they are unrelated to it), synonyms or
 * other languages' grammar, and its scores are lower and flatter than a real
 * model's, so a site's `minScore` tuned for it does not carry over to Workers
 * AI. A text with no letter or digit embeds to the zero vector, similar to
 * nothing.
 *
 * @example const ai = localAi(); const { data } = (await ai.run('@cf/baai/bge-base-en-v1.5', { text: ['Inline editing'] })) as { data: number[][] };
 */
export function localAi(options: { dimensions?: number } = {}): AiLike {
  const dimensions = options.dimensions ?? LOCAL_AI_DIMENSIONS;
  if (!Number.isSafeInteger(dimensions) || dimensions < 1 || dimensions > MAX_DIMENSIONS) {
    throw new RangeError(`localAi: dimensions must be an integer from 1 to ${MAX_DIMENSIONS}, got ${dimensions}.`);
  }
  return {
    async run(_model: string, input: { text: string[] }) {
      const texts = input?.text;
      if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string')) {
        throw new TypeError('localAi: run(model, { text }) expects text to be an array of strings.');
      }
      return { shape: [texts.length, dimensions], data: texts.map((t) => embed(t, dimensions)) };
    },
  };
}

function embed(text: string, dimensions: number): number[] {
  const vector = new Float64Array(dimensions);
  const add = (feature: string, weight: number) => {
    const h = fnv1a32(feature);
    const bucket = h % dimensions;
    vector[bucket] = (vector[bucket] as number) + (mix32(h) & 1 ? -1 : 1) * weight;
  };
  const words = fold(text).match(WORD) ?? [];
  let previous: string | null = null;
  for (const word of words) {
    const stem = stemWord(word);
    add(`w:${stem}`, UNIGRAM);
    if (previous !== null) add(`b:${previous} ${stem}`, BIGRAM);
    previous = stem;
    const padded = `#${word}#`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`c:${padded.slice(i, i + 3)}`, TRIGRAM);
  }
  let norm = 0;
  for (const value of vector) norm += value * value;
  norm = Math.sqrt(norm);
  return Array.from(vector, (value) => (norm === 0 ? 0 : value / norm));
}

/** NFKD, combining marks removed, lower case: "Édité" and "edite" fold to the same text. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/**
 * A light English suffix stemmer, enough to bring a word's common forms
 * together ("editing", "edited", "edits" → "edit"; "pages", "paging" →
 * "pag"): strips one of -ies/-ing/-ed/-es/-s/-ly, then a final -e and a
 * doubled final consonant. Keeps at least 3 letters. Not Porter: it errs on
 * the side of doing little.
 */
export function stemWord(word: string): string {
  let stem = word;
  if (stem.length > 4 && stem.endsWith('ies')) stem = `${stem.slice(0, -3)}y`;
  else if (stem.length >= 6 && stem.endsWith('ing')) stem = stem.slice(0, -3);
  else if (stem.length >= 5 && stem.endsWith('ed')) stem = stem.slice(0, -2);
  else if (stem.length >= 5 && /(?:s|x|z|ch|sh)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.length >= 4 && stem.endsWith('s') && !/(?:ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  else if (stem.length >= 5 && stem.endsWith('ly')) stem = stem.slice(0, -2);
  if (stem.length > 3 && stem.endsWith('e')) stem = stem.slice(0, -1);
  if (stem.length > 3 && /([b-df-hj-km-np-rtv-xz])\1$/.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

// FNV-1a 32-bit over UTF-16 code units: a fast, fixed hash (not a security one).
function fnv1a32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

// MurmurHash3's finalizer: decorrelates the sign bit from the bucket (h % dimensions).
function mix32(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
