export {
  REMOTES,
  federationName,
  resolveEntry,
  type MountedModule,
  type Pointer,
  type PointerEntry,
  type RemoteName,
} from '@khela/api';

/** Spec: an on-demand page that has not arrived after 120 s has failed (ChunkLoadError). */
export const REMOTE_LOAD_TIMEOUT_MS = 120_000;
