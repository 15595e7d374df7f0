// The contract: what both sides of the wire agree on (types, constants, pure functions). No fetch, no
// DOM, no session: the server and the release tool may import all of it. The browser's client (fetch,
// the inlined first data as the page holds it, sealing with the server's key, the customer-service
// window) is @khela/api-client.
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
export * from './dates';
// types only: their few constants are imported from '@khela/api/live' and '/src/transfer' by
// the code that needs them, so the guest's first page does not carry them
export type * from './live';
export type * from './transfer';
