declare module 'virtual:louise/config' {
  const config: import('./config.ts').CmsConfig<any>;
  export default config;
}

declare module 'virtual:louise/options' {
  const options: import('./options.ts').ResolvedLouiseOptions;
  export default options;
}

declare namespace App {
  interface Locals {
    louise?: import('./edit-mode.ts').LouiseLocals;
    cfContext?: ExecutionContext;
  }
}
