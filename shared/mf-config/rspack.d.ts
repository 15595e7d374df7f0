import type { Configuration, RspackPluginInstance, RuleSetRule } from '@rspack/core';
export declare function baseConfig(opts: { name: string; dirname: string; uniqueName: string }): {
  isDev: boolean;
  config: Configuration & {
    resolve: NonNullable<Configuration['resolve']>;
    module: NonNullable<Configuration['module']> & { rules: NonNullable<NonNullable<Configuration['module']>['rules']> };
  };
  definePlugin: RspackPluginInstance;
};
export declare function remoteRspackConfig(opts: {
  remote: string;
  dirname: string;
  exposes: Record<string, string>;
  devPort: number;
  /**
   * the remote's first-view module (e.g. './src/first-view.ts'): bundled into the version's
   * first-view.js, which the origin runs to draw the remote's routes before any script runs
   */
  firstView?: string;
}): Configuration;
export declare function swcRule(isDev: boolean): RuleSetRule;
/** Module-federation runtime packages aliased to their ES module builds (tree-shakeable). */
export declare const federationEsmAliases: Record<string, string>;
/** Writes css-chunks.json: each CSS file's key in rspack's CSS chunk loader (`data-rspack`). */
export declare class CssChunkKeysPlugin implements RspackPluginInstance {
  constructor(uniqueName: string);
  apply(compiler: import('@rspack/core').Compiler): void;
}
/** Puts the federation runtime's ES module build back after the federation plugin aliased its CommonJS one. */
export declare class FederationRuntimeEsmPlugin implements RspackPluginInstance {
  apply(compiler: import('@rspack/core').Compiler): void;
}
