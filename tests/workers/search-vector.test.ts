import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { chunkText } from '../../src/search/chunk.ts';
import { d1VectorIndex, decodeVector } from '../../src/search/d1-vector-index.ts';
import { localAi } from '../../src/search/local-ai.ts';
import { DEFAULT_EMBEDDING_MODEL, embeddingData, resolveVector, semanticRanking, syncDocVectors } from '../../src/search/vector.ts';
import type { AiLike, ResolvedVector, VectorIndexLike } from '../../src/search/vector-api.ts';

interface Row {
  index_name: string;
  id: string;
  namespace: string;
  values: unknown;
  metadata: string | null;
}
type FullMatch = { id: string; score: number; namespace: string; values?: number[]; metadata?: Record<string, unknown> };

const rows = async (index = 'default') =>
  (await env.DB.prepare('SELECT * FROM louise_vectors WHERE index_name = ?1 ORDER BY id').bind(index).all<Row>()).results;
const ids = async (index = 'default') => (await rows(index)).map((r) => r.id);
const f32 = (values: number[]) => Array.from(Float32Array.from(values));
/** A unit vector in the plane of the first two axes, at `degrees` from the first axis (4 dimensions). */
const angle = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180), 0, 0];
const query = (index: VectorIndexLike, vector: number[], options: Parameters<VectorIndexLike['query']>[1]) =>
  index.query(vector, options) as Promise<{ matches: FullMatch[]; count: number }>;

/** An AiLike that records every call and answers with localAi (the embedder itself is not what these tests check). */
function recordingAi(): AiLike & { calls: { model: string; text: string[] }[] } {
  const inner = localAi();
  const calls: { model: string; text: string[] }[] = [];
  return {
    calls,
    run(model, input) {
      calls.push({ model, text: [...input.text] });
      return inner.run(model, input);
    },
  };
}

const local = (minScore = 0.2): ResolvedVector & { ai: ReturnType<typeof recordingAi> } => ({
  ai: recordingAi(),
  index: d1VectorIndex(env.DB),
  minScore,
  model: DEFAULT_EMBEDDING_MODEL,
});

/** A text of exactly `n` chunks under chunkText's defaults. */
function textOfChunks(n: number, word = 'paragraph'): string {
  const paragraphs = Array.from({ length: n }, (_, i) => `${word} ${i} `.repeat(60).trim());
  const text = paragraphs.join('\n\n');
  expect(chunkText(text)).toHaveLength(n);
  return text;
}

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM louise_vectors').run();
});

describe('d1VectorIndex', () => {
  it('stores each vector as little-endian float32 with its namespace and metadata JSON', async () => {
    const index = d1VectorIndex(env.DB);
    const result = await index.upsert([
      { id: 'a', values: [0.5, -1.25, 3, 0.1], namespace: 'posts', metadata: { title: 'A', n: 1, ok: true } },
      { id: 'b', values: new Float32Array([1, 2, 3, 4]) },
    ]);
    expect(result).toEqual({ count: 2, ids: ['a', 'b'] });
    const [a, b] = await rows();
    expect(a).toMatchObject({ index_name: 'default', id: 'a', namespace: 'posts', metadata: '{"title":"A","n":1,"ok":true}' });
    expect(b).toMatchObject({ id: 'b', namespace: '', metadata: null });
    const bytes = new Uint8Array(a?.values instanceof ArrayBuffer ? a.values : Uint8Array.from(a?.values as number[]));
    expect(bytes).toHaveLength(16);
    const view = new DataView(bytes.buffer);
    expect([0, 1, 2, 3].map((i) => view.getFloat32(i * 4, true))).toEqual(f32([0.5, -1.25, 3, 0.1]));
    expect(Array.from(decodeVector(b?.values))).toEqual([1, 2, 3, 4]);
  });

  it('overwrites a vector upserted again under the same id (values, namespace and metadata)', async () => {
    const index = d1VectorIndex(env.DB);
    await index.upsert([{ id: 'a', values: [1, 0, 0, 0], namespace: 'one', metadata: { v: 1 } }]);
    await index.upsert([{ id: 'a', values: [0, 1, 0, 0], namespace: 'two' }]);
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: 'a', namespace: 'two', metadata: null });
    expect(Array.from(decodeVector(all[0]?.values))).toEqual([0, 1, 0, 0]);
  });

  it('upserts more vectors than one batch and deletes more ids than one statement binds', async () => {
    const index = d1VectorIndex(env.DB);
    const many = Array.from({ length: 230 }, (_, i) => ({ id: `v${String(i).padStart(3, '0')}`, values: angle(i), namespace: 'n' }));
    await index.upsert(many);
    expect(await ids()).toHaveLength(230);
    const gone = many.slice(0, 205).map((v) => v.id);
    expect(await index.deleteByIds([...gone, 'v000', 'missing'])).toEqual({ count: 205, ids: [...gone, 'missing'] });
    expect(await ids()).toEqual(many.slice(205).map((v) => v.id));
  });

  it('deletes only the given ids, and only from its own index', async () => {
    const main = d1VectorIndex(env.DB);
    const other = d1VectorIndex(env.DB, 'other');
    await main.upsert([
      { id: 'a', values: angle(0) },
      { id: 'b', values: angle(10) },
    ]);
    await other.upsert([{ id: 'a', values: angle(0) }]);
    await main.deleteByIds(['a']);
    expect(await ids()).toEqual(['b']);
    expect(await ids('other')).toEqual(['a']);
    expect(await main.deleteByIds([])).toEqual({ count: 0, ids: [] });
  });

  it('ranks by exact cosine similarity, highest first, with scores in [-1, 1]', async () => {
    const index = d1VectorIndex(env.DB);
    const degrees = [170, 5, 90, 45, 30, 120, 0];
    // Lengths differ on purpose: cosine ignores them.
    await index.upsert(degrees.map((d, i) => ({ id: `d${d}`, values: angle(d).map((x) => x * (i + 1)), namespace: 'n' })));
    const { matches, count } = await query(index, angle(0), { topK: 10, namespace: 'n' });
    expect(matches.map((m) => m.id)).toEqual(['d0', 'd5', 'd30', 'd45', 'd90', 'd120', 'd170']);
    expect(count).toBe(7);
    for (const m of matches) {
      const d = Number(m.id.slice(1));
      expect(m.score).toBeCloseTo(Math.cos((d * Math.PI) / 180), 6);
    }
    expect(matches.at(-1)?.score).toBeLessThan(-0.98);
  });

  it('keeps namespaces apart; without a namespace it searches the whole index', async () => {
    const index = d1VectorIndex(env.DB);
    await index.upsert([
      { id: 'posts:1:0', values: angle(0), namespace: 'posts' },
      { id: 'posts:2:0', values: angle(60), namespace: 'posts' },
      { id: 'pages:1:0', values: angle(1), namespace: 'pages' },
    ]);
    expect((await query(index, angle(0), { topK: 5, namespace: 'posts' })).matches.map((m) => m.id)).toEqual(['posts:1:0', 'posts:2:0']);
    expect((await query(index, angle(0), { topK: 5, namespace: 'pages' })).matches.map((m) => m.id)).toEqual(['pages:1:0']);
    expect((await query(index, angle(0), { topK: 5, namespace: 'nothing' })).matches).toEqual([]);
    expect((await query(index, angle(0), { topK: 5 })).matches.map((m) => m.id)).toEqual(['posts:1:0', 'pages:1:0', 'posts:2:0']);
    // Another index in the same table sees none of it.
    expect((await query(d1VectorIndex(env.DB, 'other'), angle(0), { topK: 5 })).matches).toEqual([]);
  });

  it('answers at most topK matches and keeps Vectorize’s topK limits (100; 20 with values or all metadata)', async () => {
    const index = d1VectorIndex(env.DB);
    await index.upsert(Array.from({ length: 120 }, (_, i) => ({ id: `v${i}`, values: angle(i), metadata: { i } })));
    expect((await query(index, angle(0), { topK: 3 })).matches.map((m) => m.id)).toEqual(['v0', 'v1', 'v2']);
    expect((await query(index, angle(0), { topK: 100 })).matches).toHaveLength(100);
    for (const topK of [0, 101, 2.5, Number.NaN]) await expect(query(index, angle(0), { topK })).rejects.toThrow(RangeError);
    await expect(query(index, angle(0), { topK: 21, returnValues: true })).rejects.toThrow(RangeError);
    await expect(query(index, angle(0), { topK: 21, returnMetadata: 'all' })).rejects.toThrow(RangeError);
    expect((await query(index, angle(0), { topK: 21, returnMetadata: 'indexed' })).matches).toHaveLength(21);
  });

  it('returns values and metadata only when asked', async () => {
    const index = d1VectorIndex(env.DB);
    await index.upsert([
      { id: 'a', values: [0.1, 0.2, 0.3, 0.4], metadata: { title: 'Hello' } },
      { id: 'b', values: [0.4, 0.3, 0.2, 0.1] },
    ]);
    const bare = (await query(index, [0.1, 0.2, 0.3, 0.4], { topK: 2 })).matches;
    expect(bare[0]).toEqual({ id: 'a', score: expect.closeTo(1, 6), namespace: '' });
    expect(bare[0]).not.toHaveProperty('values');
    expect(bare[0]).not.toHaveProperty('metadata');
    expect((await query(index, [0.1, 0.2, 0.3, 0.4], { topK: 2, returnMetadata: 'none' })).matches[0]).not.toHaveProperty('metadata');
    const full = (await query(index, [0.1, 0.2, 0.3, 0.4], { topK: 2, returnValues: true, returnMetadata: 'all' })).matches;
    expect(full.map((m) => [m.id, m.values, m.metadata])).toEqual([
      ['a', f32([0.1, 0.2, 0.3, 0.4]), { title: 'Hello' }],
      ['b', f32([0.4, 0.3, 0.2, 0.1]), {}],
    ]);
    expect((await query(index, [0.1, 0.2, 0.3, 0.4], { topK: 1, returnMetadata: true })).matches[0]?.metadata).toEqual({ title: 'Hello' });
  });

  it('keeps one vector size per index and refuses what Vectorize would refuse', async () => {
    const index = d1VectorIndex(env.DB);
    await index.upsert([{ id: 'a', values: angle(0) }]);
    await expect(index.upsert([{ id: 'b', values: [1, 2, 3] }])).rejects.toThrow(/holds vectors of 4 dimensions, got 3.*another index name/);
    await expect(query(index, [1, 2, 3], { topK: 1 })).rejects.toThrow(/4 dimensions/);
    await expect(index.upsert([{ id: 'x'.repeat(65), values: angle(0) }])).rejects.toThrow(TypeError);
    await expect(index.upsert([{ id: 'c', values: [1, Number.NaN, 0, 0] }])).rejects.toThrow(TypeError);
    await expect(index.upsert([{ id: 'c', values: [] }])).rejects.toThrow(TypeError);
    await expect(index.upsert([{ id: 'c', values: angle(0), metadata: { big: 'x'.repeat(11_000) } }])).rejects.toThrow(RangeError);
    await expect(index.upsert([{ id: 'c', values: angle(0), namespace: '' }])).rejects.toThrow(TypeError);
    expect(await ids()).toEqual(['a']);
    // A zero vector is similar to nothing.
    await index.upsert([{ id: 'z', values: [0, 0, 0, 0] }]);
    expect((await query(index, angle(0), { topK: 2 })).matches.find((m) => m.id === 'z')?.score).toBe(0);
  });
});

describe('syncDocVectors', () => {
  it('writes one vector per chunk as <slug>:<id>:<n> in namespace <slug>, embedded from that chunk', async () => {
    const v = local();
    const text = textOfChunks(3, 'inline');
    await syncDocVectors(v, 'posts', [
      { id: 7, text },
      { id: 8, text: 'A short page about gardens.' },
    ]);
    const all = await rows();
    expect(all.map((r) => [r.id, r.namespace])).toEqual([
      ['posts:7:0', 'posts'],
      ['posts:7:1', 'posts'],
      ['posts:7:2', 'posts'],
      ['posts:8:0', 'posts'],
    ]);
    const chunks = chunkText(text);
    const { data } = (await localAi().run(DEFAULT_EMBEDDING_MODEL, { text: [chunks[1] as string] })) as { data: number[][] };
    expect(Array.from(decodeVector(all[1]?.values))).toEqual(f32(data[0] as number[]));
    expect(v.ai.calls.every((c) => c.model === DEFAULT_EMBEDDING_MODEL)).toBe(true);
  });

  it('removes the surplus chunks when a text shrinks, and every chunk on null or blank text, leaving other entries alone', async () => {
    const v = local();
    await syncDocVectors(v, 'posts', [
      { id: 1, text: textOfChunks(5) },
      { id: 2, text: textOfChunks(2) },
    ]);
    expect(await ids()).toEqual(['posts:1:0', 'posts:1:1', 'posts:1:2', 'posts:1:3', 'posts:1:4', 'posts:2:0', 'posts:2:1']);
    await syncDocVectors(v, 'posts', [{ id: 1, text: textOfChunks(2) }]);
    expect(await ids()).toEqual(['posts:1:0', 'posts:1:1', 'posts:2:0', 'posts:2:1']);
    await syncDocVectors(v, 'posts', [{ id: 1, text: null }]);
    expect(await ids()).toEqual(['posts:2:0', 'posts:2:1']);
    await syncDocVectors(v, 'posts', [{ id: 2, text: '  \n ' }]);
    expect(await ids()).toEqual([]);
  });

  it('removes the chunks of the longest text chunkText can give (8) on null', async () => {
    const v = local();
    await syncDocVectors(v, 'posts', [{ id: 3, text: 'word '.repeat(5000) }]);
    expect(await ids()).toHaveLength(8);
    await syncDocVectors(v, 'posts', [{ id: 3, text: null }]);
    expect(await ids()).toEqual([]);
  });

  it('embeds at most 100 texts per ai.run call', async () => {
    const v = local();
    const docs = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, text: 'word '.repeat(5000) }));
    await syncDocVectors(v, 'posts', docs);
    expect(v.ai.calls.map((c) => c.text.length)).toEqual([100, 100, 40]);
    expect(await ids()).toHaveLength(240);
  });

  it('makes no ai.run call when there is nothing to embed', async () => {
    const v = local();
    await syncDocVectors(v, 'posts', [{ id: 1, text: null }]);
    expect(v.ai.calls).toEqual([]);
  });

  it('throws a clear Error when the embedder answers another shape, writing nothing', async () => {
    const v = { ...local(), ai: { run: async () => ({ result: [] }) } };
    await expect(syncDocVectors(v, 'posts', [{ id: 1, text: 'hello' }])).rejects.toThrow(
      /did not answer \{ data: number\[\]\[\] \} with 1 vector.*got keys result/,
    );
    expect(await ids()).toEqual([]);
    expect(() => embeddingData({ data: [[1, 2], [1]] }, 2, 'm')).toThrow(/finite numbers/);
    expect(() => embeddingData({ data: [[1, Number.NaN]] }, 1, 'm')).toThrow(Error);
    expect(embeddingData({ shape: [1, 2], data: [[1, 2]] }, 1, 'm')).toEqual([[1, 2]]);
  });
});

describe('semanticRanking', () => {
  /** A fake embedder answering one fixed query vector: the ranking, not the embedder, is under test. */
  const fixedAi = (vector: number[]): AiLike => ({ run: async (_m, input) => ({ data: input.text.map(() => vector) }) });

  it('groups chunk matches per entry by their best score, drops those under minScore, sorts best first', async () => {
    const index = d1VectorIndex(env.DB);
    await index.upsert([
      { id: 'posts:1:0', values: angle(60), namespace: 'posts' }, // 0.5
      { id: 'posts:1:1', values: angle(10), namespace: 'posts' }, // 0.985: entry 1's best
      { id: 'posts:2:0', values: angle(40), namespace: 'posts' }, // 0.766
      { id: 'posts:3:0', values: angle(80), namespace: 'posts' }, // 0.174, under minScore
      { id: 'posts:4:0', values: angle(40), namespace: 'posts' }, // ties entry 2: id decides
      { id: 'posts:x:0', values: angle(0), namespace: 'posts' }, // not a chunk id: ignored
      { id: 'pages:5:0', values: angle(0), namespace: 'posts' }, // another collection's id: ignored
      { id: 'posts:6:0', values: angle(0), namespace: 'pages' }, // another namespace
    ]);
    const v: ResolvedVector = { ai: fixedAi(angle(0)), index, minScore: 0.3, model: 'm' };
    const ranking = await semanticRanking(v, 'posts', 'anything', 10);
    expect(ranking.map((r) => r.id)).toEqual([1, 2, 4]);
    expect(ranking[0]?.score).toBeCloseTo(Math.cos(Math.PI / 18), 6);
    expect(ranking[1]?.score).toBeCloseTo(ranking[2]?.score as number, 9);
    expect(await semanticRanking(v, 'posts', 'anything', 2)).toEqual(ranking.slice(0, 2));
    expect(await semanticRanking({ ...v, minScore: 0.99 }, 'posts', 'anything', 10)).toEqual([]);
    expect((await semanticRanking({ ...v, minScore: -1 }, 'posts', 'anything', 10)).map((r) => r.id)).toEqual([1, 2, 4, 3]);
  });

  it('asks for 2 × topK chunk matches, at most 100, in the collection’s namespace', async () => {
    const seen: Parameters<VectorIndexLike['query']>[1][] = [];
    const real = d1VectorIndex(env.DB);
    const index: VectorIndexLike = {
      ...real,
      query(vector, options) {
        seen.push(options);
        return real.query(vector, options);
      },
    };
    const v: ResolvedVector = { ai: localAi(), index, minScore: 0, model: 'm' };
    await semanticRanking(v, 'posts', 'hello', 5);
    await semanticRanking(v, 'posts', 'hello', 80);
    expect(seen).toEqual([
      { topK: 10, namespace: 'posts' },
      { topK: 100, namespace: 'posts' },
    ]);
    expect(await semanticRanking(v, 'posts', '   ', 5)).toEqual([]);
    await expect(semanticRanking(v, 'posts', 'hello', 0)).rejects.toThrow(RangeError);
  });

  it('finds entries by shared words and word forms with localAi over d1VectorIndex', async () => {
    const v = local(0.15);
    await syncDocVectors(v, 'posts', [
      { id: 1, text: 'Inline editing for Astro sites: click a heading, type, and publish the page.' },
      { id: 2, text: 'Our garden in spring: tulips, daffodils and a very old apple tree.' },
      { id: 3, text: 'Billing and invoices: how to download a receipt for your subscription.' },
      { id: 4, text: 'This page is edited by hand every week.' },
      // A long entry whose last chunk is about gardens: found through that chunk.
      { id: 5, text: `${textOfChunks(2, 'weather')}\n\n${'Tulips in the spring garden. '.repeat(30)}` },
    ]);
    const edited = await semanticRanking(v, 'posts', 'edited', 10);
    expect(
      edited
        .map((r) => r.id)
        .slice(0, 2)
        .sort(),
    ).toEqual([1, 4]);
    const tulips = await semanticRanking(v, 'posts', 'tulip garden', 10);
    expect(
      tulips
        .map((r) => r.id)
        .slice(0, 2)
        .sort(),
    ).toEqual([2, 5]);
    expect(tulips.map((r) => r.id)).not.toContain(3);
    for (let i = 1; i < tulips.length; i++) expect((tulips[i - 1] as { score: number }).score).toBeGreaterThanOrEqual((tulips[i] as { score: number }).score);
  });
});

describe('resolveVector', () => {
  const env0 = { AI: localAi(), INDEX: d1VectorIndex(env.DB) };

  it('is null without a vector config, and binds ai and index to the env otherwise', () => {
    expect(resolveVector(undefined, env0)).toBeNull();
    const resolved = resolveVector({ ai: (e: typeof env0) => e.AI, index: (e) => e.INDEX, minScore: 0.4 }, env0);
    expect(resolved).toEqual({ ai: env0.AI, index: env0.INDEX, minScore: 0.4, model: DEFAULT_EMBEDDING_MODEL });
    expect(resolveVector({ ai: (e: typeof env0) => e.AI, index: (e) => e.INDEX, minScore: 0, model: '@cf/baai/bge-m3' }, env0)?.model).toBe('@cf/baai/bge-m3');
    expect(DEFAULT_EMBEDDING_MODEL).toBe('@cf/baai/bge-base-en-v1.5');
  });

  it('throws a TypeError naming the fix when minScore is not a finite number (it has no default)', () => {
    for (const minScore of [undefined, Number.NaN, Number.POSITIVE_INFINITY, '0.5', null]) {
      const config = { ai: (e: typeof env0) => e.AI, index: (e: typeof env0) => e.INDEX, minScore } as unknown as Parameters<
        typeof resolveVector<typeof env0>
      >[0];
      expect(() => resolveVector(config, env0)).toThrow(TypeError);
      expect(() => resolveVector(config, env0)).toThrow(/search\.vector\.minScore must be a finite number.*for example/);
    }
  });

  it('throws a TypeError when ai or index is not a function of the env, or the model is empty', () => {
    const bad = [
      { ai: env0.AI, index: () => env0.INDEX, minScore: 0.5 },
      { ai: () => env0.AI, index: env0.INDEX, minScore: 0.5 },
      { ai: () => env0.AI, index: () => env0.INDEX, minScore: 0.5, model: '' },
    ] as unknown as Parameters<typeof resolveVector<typeof env0>>[0][];
    for (const config of bad) expect(() => resolveVector(config, env0)).toThrow(TypeError);
  });
});
