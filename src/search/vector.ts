// TEMP stand-in for H2's vector.ts (the lead drops this commit at merge):
// just enough of the contract for the keyword side to compile and be tested.
import type { ResolvedVector, SearchVector } from './vector-api.ts';

export const DEFAULT_EMBEDDING_MODEL = '@cf/baai/bge-base-en-v1.5';
const CHUNK = { size: 1000, overlap: 100, max: 8 } as const;

export function resolveVector<E>(vector: SearchVector<E> | undefined, env: E): ResolvedVector | null {
  if (!vector) return null;
  return { ai: vector.ai(env), index: vector.index(env), minScore: vector.minScore, model: vector.model ?? DEFAULT_EMBEDDING_MODEL };
}

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length && out.length < CHUNK.max; at += CHUNK.size - CHUNK.overlap) out.push(text.slice(at, at + CHUNK.size));
  return out.length > 0 ? out : [''];
}

async function embed(v: ResolvedVector, texts: string[]): Promise<number[][]> {
  const out: number[][] = [];
  for (let i = 0; i < texts.length; i += 100) {
    const result = (await v.ai.run(v.model, { text: texts.slice(i, i + 100) })) as { data: number[][] };
    out.push(...result.data);
  }
  return out;
}

export async function syncDocVectors(v: ResolvedVector, slug: string, docs: readonly { id: number; text: string | null }[]): Promise<void> {
  for (const doc of docs) {
    const parts = doc.text === null ? [] : chunks(doc.text);
    if (parts.length > 0) {
      const values = await embed(v, parts);
      await v.index.upsert(parts.map((_, n) => ({ id: `${slug}:${doc.id}:${n}`, values: values[n] ?? [], namespace: slug })));
    }
    const surplus: string[] = [];
    for (let n = parts.length; n < CHUNK.max; n++) surplus.push(`${slug}:${doc.id}:${n}`);
    if (surplus.length > 0) await v.index.deleteByIds(surplus);
  }
}

export async function semanticRanking(v: ResolvedVector, slug: string, q: string, topK: number): Promise<{ id: number; score: number }[]> {
  const [vector] = await embed(v, [q]);
  if (!vector) return [];
  const { matches } = await v.index.query(vector, { topK: topK * 2, namespace: slug });
  const best = new Map<number, number>();
  for (const match of matches) {
    const id = Number(match.id.split(':')[1]);
    if (!Number.isSafeInteger(id) || match.score < v.minScore) continue;
    best.set(id, Math.max(best.get(id) ?? Number.NEGATIVE_INFINITY, match.score));
  }
  return [...best]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, topK);
}
