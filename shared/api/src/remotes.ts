/** The seven remotes, known by name only; where they live comes from the pointer (/remotes.json). */
export const REMOTES = ['lobby', 'auth-modals', 'member-centre', 'agent-centre', 'promotions', 'points-mall', 'games'] as const;
export type RemoteName = (typeof REMOTES)[number];

/** Federation container name of a remote (identifiers cannot hold dashes). */
export const federationName = (remote: RemoteName): string => `khela_${remote.replace(/-/g, '_')}`;

/**
 * Every exposed module the shell mounts, per remote. The shell's RemoteArea only accepts these
 * names (a type error otherwise), and the release tool refuses a version that stops exposing one
 * of them: one list, so the gate cannot drift from what the shell really mounts.
 */
export const MOUNTED_MODULES = {
  lobby: ['HomePage', 'GameCentre', 'GameList', 'AccountGameList', 'LotteryPage', 'SeamlessPage'],
  'auth-modals': ['AuthModals', 'AgentLanding'],
  'member-centre': ['MemberCentre', 'MemberPage'],
  'agent-centre': ['AgentHome'],
  promotions: ['PromotionsPage', 'NoticeCentre', 'NoticeContent', 'HelpCentre'],
  'points-mall': ['PointMall'],
  games: ['GamePage', 'VerifyPage'],
} as const satisfies Record<RemoteName, readonly string[]>;
export type MountedModule<R extends RemoteName> = (typeof MOUNTED_MODULES)[R][number];

/**
 * Packages that must exist once per page. A remote version whose requirement for one of them the
 * shell in use does not satisfy is refused at promote (other shared singletons the shell provides
 * are checked too; these must also be provided).
 */
export const REQUIRED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'jotai',
  '@khela/session',
  // module state: the page's configuration (the Language header) and its inlined first data
  '@khela/api-client',
  'i18next',
] as const;

/** A version tried by a share of browsers before it is promoted to all. */
export interface CanaryEntry {
  version: string;
  /** manifest address of the canary version */
  url: string;
  /** share of browsers, 1–99: a browser whose bucket (0–99) is below it loads the canary */
  percent: number;
}

export interface PointerEntry {
  version: string;
  /** manifest address of the version in use */
  url: string;
  /** absent when no canary runs */
  canary?: CanaryEntry;
}

/** /remotes.json: the shell's version and each remote's version in use. */
export interface Pointer {
  shell?: string;
  remotes: Partial<Record<RemoteName, PointerEntry>>;
}

/** Where a remote version's manifest is served. */
export const manifestUrl = (remote: RemoteName, version: string): string => `/remotes/${remote}/${version}/mf-manifest.json`;

/** The version a browser in `bucket` (0–99) loads: the canary when its bucket is below the share. */
export function resolveEntry(entry: PointerEntry, bucket: number): { version: string; url: string; canary: boolean } {
  const canary = entry.canary;
  if (canary && Number.isFinite(canary.percent) && bucket < canary.percent) {
    return { version: canary.version, url: canary.url, canary: true };
  }
  return { version: entry.version, url: entry.url, canary: false };
}
