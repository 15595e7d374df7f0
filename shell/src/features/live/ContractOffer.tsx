import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatTaka } from '@khela/api';
import { ApiError, apiRequest } from '@khela/api-client';
import {
  AGENT_PATHS,
  CONTRACT_CALLS,
  isAgentType,
  type ContractAction,
  type ContractDto,
  type ContractKind,
} from '@khela/api/agent';
import { addNamespace } from '@khela/i18n';
import { loginStateAtom, onLiveEvent } from '@khela/session';
import './ContractOffer.css';

// its strings come with it, in the member's chunk (a guest's page does not carry them)
const NS = 'contract-offer';
addNamespace(NS, {
  en: {
    title: 'New contract offer',
    from: '{{account}} offers you a contract.',
    house: 'The platform offers you a contract.',
    kind: 'Kind',
    rate: 'Rate',
    minActive: 'Active members needed',
    minValidBet: 'Valid bet needed',
    period: 'Period',
    kinds: { REALTIME: 'Real-time salary', HOURLY: 'Hourly salary', DAILY: 'Daily wage', DIVIDEND: 'Dividend' },
    periods: { D: 'Daily', W: 'Weekly', H: 'Semimonthly', M: 'Monthly' },
    accept: 'Accept',
    reject: 'Reject',
    later: 'Decide later',
    accepted: 'Contract accepted.',
    rejected: 'Contract rejected.',
    ok: 'OK',
    errors: {
      CONTRACT_NOT_FOUND: 'This contract no longer exists.',
      CONTRACT_STATE: 'This contract has already been answered or withdrawn.',
      CONTRACT_RATE_NOT_HIGHER: 'You already have an active contract of this kind paying as much.',
      NETWORK_ERROR: 'No connection. Please try again.',
      UNKNOWN_ERROR: 'Something went wrong. Please try again.',
    },
  },
  bn: {
    title: 'নতুন চুক্তির প্রস্তাব',
    from: '{{account}} আপনাকে একটি চুক্তির প্রস্তাব দিয়েছে।',
    house: 'প্ল্যাটফর্ম আপনাকে একটি চুক্তির প্রস্তাব দিয়েছে।',
    kind: 'ধরন',
    rate: 'হার',
    minActive: 'প্রয়োজনীয় সক্রিয় সদস্য',
    minValidBet: 'প্রয়োজনীয় বৈধ বাজি',
    period: 'সময়কাল',
    kinds: { REALTIME: 'রিয়েল-টাইম বেতন', HOURLY: 'ঘণ্টাভিত্তিক বেতন', DAILY: 'দৈনিক মজুরি', DIVIDEND: 'লভ্যাংশ' },
    periods: { D: 'দৈনিক', W: 'সাপ্তাহিক', H: 'অর্ধমাসিক', M: 'মাসিক' },
    accept: 'গ্রহণ করুন',
    reject: 'প্রত্যাখ্যান করুন',
    later: 'পরে সিদ্ধান্ত নিন',
    accepted: 'চুক্তি গ্রহণ করা হয়েছে।',
    rejected: 'চুক্তি প্রত্যাখ্যান করা হয়েছে।',
    ok: 'ঠিক আছে',
    errors: {
      CONTRACT_NOT_FOUND: 'এই চুক্তিটি আর নেই।',
      CONTRACT_STATE: 'এই চুক্তির উত্তর ইতিমধ্যে দেওয়া হয়েছে বা এটি প্রত্যাহার করা হয়েছে।',
      CONTRACT_RATE_NOT_HIGHER: 'এই ধরনের একটি সক্রিয় চুক্তি আপনার আছে যা সমান বা বেশি দেয়।',
      NETWORK_ERROR: 'সংযোগ নেই। আবার চেষ্টা করুন।',
      UNKNOWN_ERROR: 'কিছু ভুল হয়েছে। আবার চেষ্টা করুন।',
    },
  },
});

/** A contract offered to the member (the downline), read when the live `contract` event says so. */
async function readOffer(id: number, kind: ContractKind): Promise<ContractDto | null> {
  const { list } = await apiRequest<{ list: ContractDto[] }>(AGENT_PATHS.contracts, { query: { kind } });
  return list.find((c) => c.id === id && c.mine && c.status === 'OFFERED') ?? null;
}

type Shown = { offer: ContractDto; done?: 'accepted' | 'rejected'; error?: string; busy?: boolean };

/**
 * The contract modal (issue 11), on every page of a logged-in agent: when the live `contract` event
 * says a contract was offered to the agent, the offer is shown with accept and reject (the original
 * platform's MCSFE_process* call of its kind). An offer withdrawn meanwhile closes it. The agent may
 * also decide later (the agent centre's salary pages list the offer).
 */
export default function ContractOffer() {
  const { t, i18n } = useTranslation(NS);
  const login = useAtomValue(loginStateAtom);
  const agent = !login.isTrial && login.member != null && isAgentType(login.member.type);
  const [shown, setShown] = useState<Shown | null>(null);
  const firstButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!agent) return;
    let live = true;
    const stop = onLiveEvent('contract', (e) => {
      if (e.status !== 'OFFERED') {
        // answered elsewhere or withdrawn by the upline: an open offer of it closes
        setShown((s) => (s && s.offer.id === e.id && !s.done ? null : s));
        return;
      }
      readOffer(e.id, e.kind).then(
        (offer) => live && offer && setShown((s) => (s && !s.done ? s : { offer })),
        () => undefined, // the salary pages still list it
      );
    });
    return () => {
      live = false;
      stop();
    };
  }, [agent]);

  useEffect(() => {
    if (shown) firstButton.current?.focus();
  }, [shown?.offer.id, shown?.done]); // eslint-disable-line react-hooks/exhaustive-deps

  const answer = useCallback(
    async (action: ContractAction) => {
      if (!shown) return;
      setShown({ ...shown, busy: true, error: undefined });
      try {
        await apiRequest(CONTRACT_CALLS[shown.offer.kind], { method: 'POST', body: { id: shown.offer.id, action } });
        setShown({ offer: shown.offer, done: action === 'ACCEPT' ? 'accepted' : 'rejected' });
      } catch (err) {
        const code = err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR';
        const text = t(`errors.${code}`, { defaultValue: '' }) || t('errors.UNKNOWN_ERROR');
        setShown({ offer: shown.offer, error: text });
      }
    },
    [shown, t],
  );

  if (!agent || !shown) return null;
  const { offer } = shown;
  const en = i18n.language?.toLowerCase().startsWith('en');
  const nf = new Intl.NumberFormat(en ? 'en-GB' : 'bn-BD', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const close = () => setShown(null);
  return (
    <div className="k-modal-backdrop contract-offer" data-testid="contract-offer-modal" data-contract-id={offer.id}>
      <div
        className="k-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="contract-offer-title"
        onKeyDown={(e) => e.key === 'Escape' && !shown.busy && close()}
      >
        <header className="k-modal__header">
          <h2 id="contract-offer-title">{t('title')}</h2>
        </header>
        <div className="k-modal__body">
          {shown.done ? (
            <>
              <p role="status" data-testid="contract-offer-done">
                {t(shown.done)}
              </p>
              <div className="k-dialog-actions">
                <button type="button" className="k-button" ref={firstButton} onClick={close} data-testid="contract-offer-ok">
                  {t('ok')}
                </button>
              </div>
            </>
          ) : (
            <>
              <p data-testid="contract-offer-from">
                {offer.uplineAccount ? t('from', { account: offer.uplineAccount }) : t('house')}
              </p>
              <dl className="contract-offer__terms" data-testid="contract-offer-terms">
                <dt>{t('kind')}</dt>
                <dd data-testid="contract-offer-kind">{t(`kinds.${offer.kind}`)}</dd>
                <dt>{t('rate')}</dt>
                <dd data-testid="contract-offer-rate">{nf.format(offer.rateBp / 100)} %</dd>
                {offer.minActiveMembers > 0 ? (
                  <>
                    <dt>{t('minActive')}</dt>
                    <dd>{new Intl.NumberFormat(en ? 'en-GB' : 'bn-BD').format(offer.minActiveMembers)}</dd>
                  </>
                ) : null}
                {BigInt(offer.minValidBet) > BigInt(0) ? (
                  <>
                    <dt>{t('minValidBet')}</dt>
                    <dd>{formatTaka(BigInt(offer.minValidBet), en ? 'EN' : 'BN')}</dd>
                  </>
                ) : null}
                {offer.kind === 'DIVIDEND' ? (
                  <>
                    <dt>{t('period')}</dt>
                    <dd>{t(`periods.${offer.period}`)}</dd>
                  </>
                ) : null}
              </dl>
              {shown.error ? (
                <p role="alert" className="k-error" data-testid="contract-offer-error">
                  {shown.error}
                </p>
              ) : null}
              <div className="k-dialog-actions">
                <button
                  type="button"
                  className="k-button k-button--ghost"
                  onClick={close}
                  disabled={shown.busy}
                  data-testid="contract-offer-later"
                >
                  {t('later')}
                </button>
                <button
                  type="button"
                  className="k-button k-button--ghost"
                  onClick={() => answer('REJECT')}
                  disabled={shown.busy}
                  data-testid="contract-offer-reject"
                >
                  {t('reject')}
                </button>
                <button
                  type="button"
                  className="k-button"
                  ref={firstButton}
                  onClick={() => answer('ACCEPT')}
                  disabled={shown.busy}
                  data-testid="contract-offer-accept"
                >
                  {t('accept')}
                </button>
              </div>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
