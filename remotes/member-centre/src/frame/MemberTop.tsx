import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '@khela/api';
import { apiRequest, FIRST_READ_SHARE_MS } from '@khela/api-client';
import { MEMBER_CENTRE_PATHS, type MemberSummaryDto } from '@khela/api/member-centre';
import { balanceAtom, loginStateAtom } from '@khela/session';
import { useLoad } from '../common/payments/ui';
import { NS } from '../i18n';

/** The top of the member centre: the account, the balance (live) and the VIP label. */
export function MemberTop() {
  const { t, i18n } = useTranslation(NS);
  const login = useAtomValue(loginStateAtom);
  const balance = useAtomValue(balanceAtom);
  // the header reads the same summary when the page opens: one answer for both (share)
  const summary = useLoad((signal) =>
    apiRequest<MemberSummaryDto>(MEMBER_CENTRE_PATHS.summary, { signal, share: FIRST_READ_SHARE_MS }),
  );
  const lang = i18n.language?.toLowerCase().startsWith('en') ? 'EN' : 'BN';
  const s = summary.value;
  return (
    <div className="member-top" data-testid="member-top">
      <p className="member-account" data-testid="member-account">
        {t('account', { account: s?.account ?? login.userInfo?.userName ?? '' })}
      </p>
      <p className="member-balance" data-testid="member-balance">
        {t('balance')}: {balance ? formatTaka(balance.sumBalance, lang) : '…'}
      </p>
      {/* the VIP line keeps its height while the summary loads (and without a label): the menu below never moves */}
      <p className="member-vip-line">
        {s?.hasVip && s.vipLabelName ? (
          <span className="member-vip" data-testid="member-vip">
            {s.vipLabelName}
          </span>
        ) : null}
      </p>
    </div>
  );
}
