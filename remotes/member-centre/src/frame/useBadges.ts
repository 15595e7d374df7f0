import { useEffect, useState } from 'react';
import { useSetAtom } from 'jotai';
import { apiRequest, FIRST_READ_SHARE_MS } from '@khela/api-client';
import { MEMBER_CENTRE_PATHS, type UnreadCountDto } from '@khela/api/member-centre';
import { onLiveEvent, publicStateAtom } from '@khela/session';

const NONE: UnreadCountDto = { mission: 0, message: 0, reward: 0 };

/**
 * The unread counts of the menu's badges: loaded once (CSP_unreadCount), then replaced by every
 * `badges` event of the live channel. The public state follows, so the shell's menu shows them too.
 */
export function useBadges(): UnreadCountDto {
  const [counts, setCounts] = useState<UnreadCountDto>(NONE);
  const setPublic = useSetAtom(publicStateAtom);
  useEffect(() => {
    let live = false;
    const ac = new AbortController();
    const apply = (next: UnreadCountDto) => {
      setCounts(next);
      setPublic((p) => ({ ...p, unreadMessage: next.message }));
    };
    const off = onLiveEvent('badges', (next) => {
      live = true;
      apply(next);
    });
    apiRequest<UnreadCountDto>(MEMBER_CENTRE_PATHS.unreadCount, { signal: ac.signal, share: FIRST_READ_SHARE_MS }).then(
      (v) => !live && apply(v), // a pushed count is newer than the answer to a request sent before it
      () => undefined, // no badge is better than a wrong one; the next push brings them
    );
    return () => {
      ac.abort();
      off();
    };
  }, [setPublic]);
  return counts;
}
