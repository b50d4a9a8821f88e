declare module 'virtual:louise/config' {
  // biome-ignore lint/suspicious/noExplicitAny: the site's own Env is not known to the integration; cms.config types it.
  const config: import('./config.ts').CmsConfig<any>;
  export default config;
}

declare module 'virtual:louise/options' {
  const options: import('./options.ts').ResolvedLouiseOptions;
  export default options;
}

declare module 'virtual:louise/migrations' {
  /** Louise's shipped migrations under `astro dev` (applied to the local D1 at start); empty in a build. */
  const migrations: readonly import('../src/db/migrate.ts').ShippedMigration[];
  export default migrations;
}

declare namespace App {
  interface Locals {
    louise?: import('./worker/edit-mode.ts').LouiseLocals;
    cfContext?: ExecutionContext;
  }
}

declare module 'virtual:louise/editor' {
  /** `/_louise/editor.js` (see editor-assets.ts). */
  export const EDITOR_SCRIPT_SRC: string;
}

declare module 'virtual:louise/collections' {
  /** The content collections' frontmatter schemas, from Astro's `.astro/collections/<name>.schema.json` (see collection-schemas.ts). */
  const schemas: import('../src/markdown/frontmatter-schema.ts').CollectionSchemas;
  export default schemas;
}
