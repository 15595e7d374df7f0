export declare const SINGLETONS: Record<string, string>;
export declare function sharedSingletons(): Record<
  string,
  { singleton: boolean; requiredVersion: string; version: string; strictVersion: boolean }
>;
export declare function remoteFederation(remote: string, exposes: Record<string, string>): Record<string, unknown>;
export declare function hostFederation(runtimePlugins: string[]): Record<string, unknown>;
export declare function federationName(remote: string): string;
