import type { Configuration, RspackPluginInstance, RuleSetRule } from '@rspack/core';
export declare function baseConfig(opts: { name: string; dirname: string; uniqueName: string }): {
  isDev: boolean;
  config: Configuration;
  definePlugin: RspackPluginInstance;
};
export declare function remoteRspackConfig(opts: {
  remote: string;
  dirname: string;
  exposes: Record<string, string>;
  devPort: number;
}): Configuration;
export declare function swcRule(isDev: boolean): RuleSetRule;
