/** The six remotes, known by name only; where they live comes from the pointer (/remotes.json). */
export const REMOTES = ['lobby', 'auth-modals', 'member-centre', 'agent-centre', 'promotions', 'points-mall'] as const;
export type RemoteName = (typeof REMOTES)[number];

/** Federation container name of a remote (identifiers cannot hold dashes). */
export const federationName = (remote: RemoteName): string => `khela_${remote.replace(/-/g, '_')}`;

export interface PointerEntry {
  version: string;
  /** manifest address of the version in use */
  url: string;
}

/** /remotes.json: the shell's version and each remote's version in use. */
export interface Pointer {
  shell?: string;
  remotes: Partial<Record<RemoteName, PointerEntry>>;
}
