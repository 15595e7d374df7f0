import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '@khela/api';
import { addNamespace } from '@khela/i18n';
import { balanceAtom } from '@khela/session';
import { balanceLoadingAtom, liveStatusAtom, loadBalance } from './balance';
import './HeaderBalance.css';

// its strings come with it (a guest's page does not carry them)
const NS = 'header-balance';
addNamespace(NS, {
  en: { balance: 'Balance', hidden: 'Balance hidden', show: 'Show balance', hide: 'Hide balance', refresh: 'Refresh balance' },
  bn: {
    balance: 'ব্যালান্স',
    hidden: 'ব্যালান্স লুকানো আছে',
    show: 'ব্যালান্স দেখান',
    hide: 'ব্যালান্স লুকান',
    refresh: 'ব্যালান্স রিফ্রেশ করুন',
  },
});

/** Whether the member hid the balance (kept on this device). */
export const BALANCE_HIDDEN_KEY = 'khela.balanceHidden';

function storedHidden(): boolean {
  try {
    return window.localStorage.getItem(BALANCE_HIDDEN_KEY) === '1';
  } catch {
    return false;
  }
}

function storeHidden(hidden: boolean): void {
  try {
    if (hidden) window.localStorage.setItem(BALANCE_HIDDEN_KEY, '1');
    else window.localStorage.removeItem(BALANCE_HIDDEN_KEY);
  } catch {
    /* storage disabled: the choice lasts for this page */
  }
}

const Eye = ({ open }: { open: boolean }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" fill="none" stroke="currentColor" strokeWidth="2" />
    <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
    {open ? null : <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
  </svg>
);

const Refresh = () => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
    <path d="M20 12a8 8 0 1 1-2.3-5.6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    <path d="M20 4v5h-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * The header's balance (a logged-in member's total across wallets, `formatTaka` in the page's
 * language): shown by default, hidden and shown again with the eye (remembered on this device),
 * read again with the refresh button (spinning while it reads). It follows every movement without
 * a reload: the live channel replaces `balanceAtom` with each pushed balance. `data-live` tells the
 * channel's state ('online' once connected: the read the channel starts at each connection is then
 * under way, `aria-busy` on the refresh until it ends).
 */
export default function HeaderBalance() {
  const { t, i18n } = useTranslation(NS);
  const balance = useAtomValue(balanceAtom);
  const loading = useAtomValue(balanceLoadingAtom);
  const live = useAtomValue(liveStatusAtom);
  const [hidden, setHidden] = useState(storedHidden);
  const [failed, setFailed] = useState(false);
  const lang = i18n.language?.toUpperCase() === 'EN' ? 'EN' : 'BN';

  const refresh = () => {
    setFailed(false);
    loadBalance().catch(() => setFailed(true));
  };
  useEffect(() => {
    if (!balance) refresh();
    // read once on mount; the channel keeps it current afterwards
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = () => {
    storeHidden(!hidden);
    setHidden(!hidden);
  };
  const amount = balance ? formatTaka(balance.sumBalance, lang) : null;
  let shown: string;
  if (hidden) shown = '৳ ••••';
  else if (amount) shown = amount;
  else shown = failed ? '৳ —' : '৳ …';

  return (
    <div className="k-header__balance k-balance" data-testid="header-balance" data-live={live}>
      <span className="k-balance__label">{t('balance')}</span>
      <span
        className="k-balance__amount"
        data-testid="header-balance-amount"
        aria-label={hidden ? t('hidden') : undefined}
        title={failed ? t('common:errors.NETWORK_ERROR') : undefined}
      >
        {shown}
      </span>
      <button
        type="button"
        className="k-balance__button"
        data-testid="header-balance-eye"
        aria-label={hidden ? t('show') : t('hide')}
        onClick={toggle}
      >
        <Eye open={!hidden} />
      </button>
      <button
        type="button"
        className={loading ? 'k-balance__button k-balance__button--spinning' : 'k-balance__button'}
        data-testid="header-balance-refresh"
        aria-label={t('refresh')}
        aria-busy={loading}
        disabled={loading}
        onClick={refresh}
      >
        <Refresh />
      </button>
    </div>
  );
}
