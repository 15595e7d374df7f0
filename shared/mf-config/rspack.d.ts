import type { Configuration, RuleSetRule } from '@rspack/core';
export declare function remoteRspackConfig(opts: { remote: string; dirname: string; exposes: Record<string, string>; devPort: number }): Configuration;
export declare function swcRule(isDev: boolean): RuleSetRule;
