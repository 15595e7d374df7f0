/**
 * The member's chunk (./member-live: the header's account area, the live channel's starter and the
 * member overlays), fetched once per page. The boot asks for it as soon as it knows the page has a
 * session (a stored token, or a link's login code being exchanged), so that it is there when
 * member info arrives: the page's first member render then does not wait for it.
 */
export type MemberChunk = typeof import('./member-live');

let loaded: MemberChunk | undefined;
let loading: Promise<MemberChunk> | undefined;

export function memberChunk(): Promise<MemberChunk> {
  loading ??= import(/* webpackChunkName: "member-live" */ './member-live').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = undefined; // asked for again by the next caller (a dropped network is no verdict)
      throw err;
    },
  );
  return loading;
}

/** The chunk, if it has arrived: a component can then render without suspending. */
export const loadedMemberChunk = (): MemberChunk | undefined => loaded;

/** Tests: forget the chunk. */
export function resetMemberChunkForTests(): void {
  loaded = undefined;
  loading = undefined;
}
