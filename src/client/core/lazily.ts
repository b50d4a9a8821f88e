// How every panel chunk is opened: the import and its failure, said once for all.
import { $status } from './status.ts';

/** Runs a panel from its chunk; a chunk that fails to load is said in the status line (and gives null). */
export async function lazily<T>(what: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    $status.set({ tone: 'problem', text: `The ${what} could not load (${String(error)}). Reload the page to try again.` });
    return null;
  }
}
