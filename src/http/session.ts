/** A signed-in editor, as returned by the site's `ResolveEditor`. */
export interface EditorSession {
  /** Stable editor id. */
  id: string;
  email: string;
  name: string;
  access: {
    /** May publish, unpublish and restore versions (a separate privilege from editing). */
    publish: boolean;
  };
}

/** Site-supplied: who is asking? `null` means not an editor. */
export type ResolveEditor<E = unknown> = (request: Request, env: E) => EditorSession | null | Promise<EditorSession | null>;
