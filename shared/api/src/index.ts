export * from './client';
export * from './contract';
export * from './cs-path';
// the release tool's lists (MOUNTED_MODULES, REQUIRED_SINGLETONS) stay out of the browser's copy:
// a shared singleton cannot be tree-shaken, and only deploy/ reads them (from './src/remotes')
export {
  REMOTES,
  federationName,
  manifestUrl,
  resolveEntry,
  type CanaryEntry,
  type MountedModule,
  type Pointer,
  type PointerEntry,
  type RemoteName,
} from './remotes';
export * from './games';
export * from './inlined';
export * from './money';
