import type { Answer, VersionItem } from '../../core/transport.ts';

/** What the bar does with a page's drafts document. */
export interface VersionActions {
  history(): Promise<Answer<VersionItem[]>>;
  discard(): void;
  publish?: () => void;
  /**
   * Saves an earlier version's fields as a new draft (any editor; visitors
   * keep the live version), then reloads the page saying so (the version
   * saved at `when`). Resolves with the words of a failure, or null.
   */
  restore?: (versionId: number, when: string) => Promise<string | null>;
  /** Publishes the given version (publishers only), then reloads; the words of a failure, or null. */
  publishVersion?: (versionId: number) => Promise<string | null>;
  /** The page's field labels by stored field (`summary` → "Summary"): History names fields by them. */
  labels?: Readonly<Record<string, string>>;
}
