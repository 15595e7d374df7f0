import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { apiRequest, FIRST_READ_SHARE_MS } from '@khela/api-client';
import { MEMBER_CENTRE_PATHS, type MemberSummaryDto, type UnreadCountDto } from '@khela/api/member-centre';
import { PROMOTION_PATHS, type PromotionListDto } from '@khela/api/promotions';
import { currentLanguage } from '@khela/i18n';
import { loginStateAtom, onLiveEvent, publicStateAtom, type PublicState } from '@khela/session';
import { afterFirstView } from '../../lib/afterFirstView';

const NONE: Pick<PublicState, 'hasVip' | 'vipLabelName' | 'vipRankLevel' | 'unreadMessage' | 'availablePromoCount'> = {
  hasVip: false,
  vipLabelName: null,
  vipRankLevel: null,
  unreadMessage: 0,
  availablePromoCount: 0,
};

/**
 * The public state after login (the spec's): the VIP label and rank (when the operator has VIP
 * levels), the unread messages (kept live by the `badges` event) and the promotions available now.
 * A trial account loads none of it (no unread messages, no member data); a failed read leaves the
 * figure out rather than showing a wrong one.
 */
export function usePublicState(): void {
  const login = useAtomValue(loginStateAtom);
  const setPublic = useSetAtom(publicStateAtom);
  const memberId = login.isLogin && !login.isTrial ? (login.member?.id ?? login.userInfo?.userName) : null;
  useEffect(() => {
    setPublic((p) => ({ ...p, ...NONE }));
    if (memberId == null) return;
    // the member centre reads the same summary and counts when it opens with the page: one answer (share)
    const ac = new AbortController();
    const signal = ac.signal;
    const quiet = () => undefined;
    let pushed = false;
    const off = onLiveEvent('badges', (b) => {
      pushed = true;
      setPublic((p) => ({ ...p, unreadMessage: b.message }));
    });
    apiRequest<MemberSummaryDto>(MEMBER_CENTRE_PATHS.summary, { signal, share: FIRST_READ_SHARE_MS }).then(
      (s) => setPublic((p) => ({ ...p, hasVip: s.hasVip, vipLabelName: s.vipLabelName, vipRankLevel: s.vipRankLevel })),
      quiet,
    );
    apiRequest<UnreadCountDto>(MEMBER_CENTRE_PATHS.unreadCount, { signal, share: FIRST_READ_SHARE_MS }).then(
      (u) => !pushed && setPublic((p) => ({ ...p, unreadMessage: u.message })),
      quiet,
    );
    // the promotions' badge is no part of the page's first view: its call (the whole list) waits for it
    const cancelPromotions = afterFirstView(() =>
      apiRequest<PromotionListDto>(PROMOTION_PATHS.list, { signal, query: { lang: currentLanguage().toUpperCase() } }).then(
        (l) => setPublic((p) => ({ ...p, availablePromoCount: l.available })),
        quiet,
      ),
    );
    return () => {
      cancelPromotions();
      ac.abort();
      off();
    };
  }, [memberId, setPublic]);
}
