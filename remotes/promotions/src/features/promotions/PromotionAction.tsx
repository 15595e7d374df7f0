import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError } from '@khela/api-client';
import type { PromotionCardDto } from '@khela/api/promotions';
import { loginStateAtom, openModalAtom } from '@khela/session';
import { NS } from '../../i18n';
import { langOf } from '../../lib/content';
import { claimPromotion, dateText, joinPromotion, taka } from './api';

/**
 * A promotion's state and what the member can do in it: join, claim (or, for an issued bonus whose
 * wagering is met, the way to the reward centre), or a word on where it stands. A guest who joins
 * is asked to log in. `onDone` reloads the promotion after a change.
 */
export function PromotionAction({ p, onDone }: { p: PromotionCardDto; onDone: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const lang = langOf(i18n.language);
  const { isLogin } = useAtomValue(loginStateAtom);
  const openModal = useSetAtom(openModalAtom);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const run = async (what: 'join' | 'claim') => {
    if (!isLogin) {
      openModal({ key: 'loginPopupModal' });
      return;
    }
    if (busy) return;
    setBusy(true);
    setFailed(null);
    try {
      if (what === 'join') {
        await joinPromotion(p.id);
        setNotice(t('promo.done.joined'));
      } else {
        const r = await claimPromotion(p.id);
        setNotice(t(`promo.done.${r.status}`, { amount: taka(r.bonus, lang) }));
      }
      onDone();
    } catch (err) {
      const code = err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR';
      setFailed(t([`promo.errors.${code}`, `errors.${code}`, 'error']));
    } finally {
      setBusy(false);
    }
  };

  const s = p.state;
  let body: React.ReactNode = null;
  if (s === 'join' || (s === 'claim' && p.stage === 'JOINED')) {
    body = (
      <button
        type="button"
        className="k-button promo-act"
        data-testid={`promo-${s}-${p.code}`}
        disabled={busy}
        onClick={() => void run(s)}
      >
        {t(`promo.state.${s}`)}
      </button>
    );
  } else if (s === 'claim') {
    body = (
      <>
        <p className="promo-hint">{t('promo.hint.releasable')}</p>
        <Link className="k-button promo-act" to="/member/rewardCenter" data-testid={`promo-reward-${p.code}`}>
          {t('promo.rewardCentre')}
        </Link>
      </>
    );
  } else if (s) {
    const hint =
      s === 'close'
        ? p.reason
          ? t([`promo.reason.${p.reason}`, 'promo.reason.ENDED'])
          : ''
        : s === 'comingSoon'
          ? t('promo.hint.comingSoon', { date: dateText(p.startsAt, lang) })
          : s === 'claimed'
            ? t('promo.hint.claimedNow')
            : t(`promo.hint.${s}`);
    body = hint ? <p className="promo-hint">{hint}</p> : null;
  }
  return (
    <div className="promo-action">
      {s ? (
        <span className={`promo-state promo-state--${s}`} data-testid={`promo-state-${p.code}`} data-state={s}>
          {t(`promo.state.${s}`)}
        </span>
      ) : null}
      {body}
      {notice ? (
        <p className="promo-notice" role="status">
          {notice}
        </p>
      ) : null}
      {failed ? (
        <p className="promo-failed" role="alert">
          {failed}
        </p>
      ) : null}
    </div>
  );
}
