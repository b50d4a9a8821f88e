import { describe, expect, it } from 'vitest';
import { concatBytes, readCapped } from './bytes.ts';

function streamOf(chunks: number[][]) {
  let cancelled = false;
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[i++];
      if (next) controller.enqueue(new Uint8Array(next));
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

describe('readCapped', () => {
  it('reads every chunk up to and including the cap', async () => {
    const { stream } = streamOf([[1, 2], [3], [4, 5]]);
    expect([...(await readCapped(stream, 5, () => new Error('too large')))]).toEqual([1, 2, 3, 4, 5]);
    expect(await readCapped(null, 5, () => new Error('too large'))).toHaveLength(0);
  });

  it('refuses one byte over the cap, cancelling the rest of the stream', async () => {
    const { stream, cancelled } = streamOf([[1, 2], [3, 4], [5, 6], [7]]);
    await expect(readCapped(stream, 5, () => new Error('too large'))).rejects.toThrow('too large');
    expect(cancelled()).toBe(true);
  });
});

describe('concatBytes', () => {
  it('joins chunks in order, sized from them unless told', () => {
    expect([...concatBytes([new Uint8Array([1]), new Uint8Array([2, 3])])]).toEqual([1, 2, 3]);
    expect(concatBytes([], 0)).toHaveLength(0);
  });
});
