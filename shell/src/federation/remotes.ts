/** The six remotes the shell knows by name only; where they live comes from /remotes.json. */
export const REMOTES = ['lobby', 'auth-modals', 'member-centre', 'agent-centre', 'promotions', 'points-mall'] as const;
export type RemoteName = (typeof REMOTES)[number];

/** Federation container name of a remote (identifiers cannot hold dashes). */
export const federationName = (remote: RemoteName): string => `khela_${remote.replace(/-/g, '_')}`;

export interface PointerEntry {
  version: string;
  /** manifest address of the version in use */
  url: string;
}

export interface Pointer {
  shell?: string;
  remotes: Partial<Record<RemoteName, PointerEntry>>;
}

/** Spec: an on-demand page that has not arrived after 120 s has failed (ChunkLoadError). */
export const REMOTE_LOAD_TIMEOUT_MS = 120_000;
