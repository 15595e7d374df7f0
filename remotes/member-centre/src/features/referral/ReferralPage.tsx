import { useState } from 'react';
import { addNamespace } from '@khela/i18n';
import { apiRequest } from '@khela/api-client';
import { REFERRAL_PATH, type ReferralDto } from '@khela/api/member-centre';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { useErrorText, useLoad, useMoney } from '../../common/payments/ui';
import { NS } from '../../i18n';

const en = {
  referral: {
    code: 'Your referral code',
    link: 'Your invite link',
    copy: 'Copy',
    copied: 'Copied',
    invited: 'Friends who joined',
    none: 'No friend has joined with your code yet.',
    joined: 'Joined {{when}}',
    off: 'Inviting friends is not available now.',
  },
};
const bn: typeof en = {
  referral: {
    code: 'আপনার রেফারেল কোড',
    link: 'আপনার আমন্ত্রণ লিংক',
    copy: 'কপি',
    copied: 'কপি হয়েছে',
    invited: 'যোগ দেওয়া বন্ধুরা',
    none: 'আপনার কোডে এখনও কোনো বন্ধু যোগ দেননি।',
    joined: 'যোগ দিয়েছেন {{when}}',
    off: 'বন্ধুদের আমন্ত্রণ এখন চালু নেই।',
  },
};
addNamespace(NS, { bn, en });

/** The referral page (REFERRAL3): the member's code and invite link, and the friends who joined. */
export default function ReferralPage() {
  const { t, time, num } = useMoney();
  const errorText = useErrorText();
  const data = useLoad((signal) => apiRequest<ReferralDto>(REFERRAL_PATH, { signal }));
  const [copied, setCopied] = useState(false);
  if (data.loading && !data.value) return <Loading />;
  if (data.error && !data.value) {
    const off = (data.error as { errorCode?: string }).errorCode === 'FEATURE_DISABLED';
    return off ? (
      <EmptyState>{t('referral.off')}</EmptyState>
    ) : (
      <ErrorState message={errorText(data.error)} onRetry={data.reload} />
    );
  }
  const v = data.value!;
  const link = `${window.location.origin}/register?referralCode=${encodeURIComponent(v.code)}`;
  const copy = () =>
    navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => undefined,
    );
  return (
    <div className="sec" data-testid="referral-page">
      <dl className="sec-bound">
        <dt>{t('referral.code')}</dt>
        <dd data-testid="referral-code">{v.code}</dd>
        <dt>{t('referral.link')}</dt>
        <dd>
          <span data-testid="referral-link" style={{ overflowWrap: 'anywhere' }}>
            {link}
          </span>{' '}
          <button type="button" className="k-button k-button--ghost" onClick={copy}>
            {copied ? t('referral.copied') : t('referral.copy')}
          </button>
        </dd>
      </dl>
      <section aria-labelledby="referral-invited">
        <h3 id="referral-invited">
          {t('referral.invited')}: <span data-testid="referral-count">{num(v.invited)}</span>
        </h3>
        {v.list.length ? (
          <ul className="sec-devices">
            {v.list.map((f, i) => (
              <li key={`${f.account}-${i}`}>
                <strong>{f.account}</strong>
                <small>{t('referral.joined', { when: time(f.joinedAt) })}</small>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('referral.none')}</EmptyState>
        )}
      </section>
    </div>
  );
}
