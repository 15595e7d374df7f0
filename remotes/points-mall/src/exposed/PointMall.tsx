import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { dhakaDateTime, formatCount, formatTaka } from '@khela/api';
import { ApiError } from '@khela/api-client';
import type { PointRewardDto } from '@khela/api/promotions';
import { loginStateAtom, openModalAtom } from '@khela/session';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { NS } from '../i18n';
import { convertPoints, fetchMall, newRequestKey, redeem, type Lang, type MallData } from '../features/mall/api';
import { useMallLoad } from '../features/mall/useMallLoad';
import '../features/mall/mall.css';

type Panel = { kind: 'redeem'; reward: PointRewardDto } | { kind: 'convert' } | null;

/** /pointMall: points, the catalogue with redeem, convert to balance, history, details, rules and rates. */
export default function PointMall() {
  const { t, i18n } = useTranslation(NS);
  const lang: Lang = i18n.language?.toLowerCase().startsWith('en') ? 'EN' : 'BN';
  const { isLogin } = useAtomValue(loginStateAtom);
  const openModal = useSetAtom(openModalAtom);
  const load = useMallLoad(isLogin ? `${lang}` : null, (signal) => fetchMall(lang, signal));
  // by hand, not a new Intl formatter per line (see dhakaDateTime)
  const num = (n: string | number) => formatCount(Number(n), lang);
  const time = (iso: string) => dhakaDateTime(iso, lang);

  if (!isLogin) {
    return (
      <div className="mall" data-testid="point-mall">
        <h1>{t('title')}</h1>
        <EmptyState>{t('loginToSee')}</EmptyState>
        <button type="button" className="k-button" onClick={() => openModal({ key: 'loginPopupModal' })}>
          {t('login')}
        </button>
        <section className="k-card">
          <h2>{t('sections.rules')}</h2>
          <p>{t('rulesText')}</p>
        </section>
      </div>
    );
  }
  return (
    <div className="mall" data-testid="point-mall">
      <h1>{t('title')}</h1>
      {load.loading && !load.value ? <Loading /> : null}
      {load.error && !load.value ? <ErrorState message={t('error')} onRetry={load.reload} /> : null}
      {load.value ? <Mall data={load.value} lang={lang} num={num} time={time} reload={load.reload} /> : null}
    </div>
  );
}

function Mall({
  data,
  lang,
  num,
  time,
  reload,
}: {
  data: MallData;
  lang: Lang;
  num: (n: string | number) => string;
  time: (iso: string) => string;
  reload: () => void;
}) {
  const { t } = useTranslation(NS);
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const rate = BigInt(data.config.memberRate);
  return (
    <>
      <section className="k-card mall-current">
        <h2>{t('sections.current')}</h2>
        <p className="mall-points" data-testid="mall-points">
          {t('points', { n: num(data.points) })}
        </p>
        {notice ? (
          <p className="mall-notice" role="status" data-testid="mall-notice">
            {notice}
          </p>
        ) : null}
        {panel?.kind === 'convert' ? (
          <ActionPanel
            kind="convert"
            rate={rate}
            lang={lang}
            min={data.config.minConvert}
            onCancel={() => setPanel(null)}
            onDone={(text) => {
              setNotice(text);
              setPanel(null);
              reload();
            }}
          />
        ) : (
          <button type="button" className="k-button" data-testid="mall-convert" onClick={() => setPanel({ kind: 'convert' })}>
            {t('convert')}
          </button>
        )}
      </section>

      <section className="k-card">
        <h2>{t('sections.catalogue')}</h2>
        {data.rewards.length ? (
          <ul className="mall-rewards" data-testid="mall-rewards">
            {data.rewards.map((r) => (
              <li key={r.id} className="mall-reward" data-testid={`mall-reward-${r.id}`}>
                <strong>{r.title}</strong>
                <span className="mall-small">{r.detail}</span>
                <span>{t('points', { n: num(r.points) })}</span>
                <span className="mall-small">{r.stock > 0 ? t('stock', { n: num(r.stock) }) : t('outOfStock')}</span>
                {panel?.kind === 'redeem' && panel.reward.id === r.id ? (
                  <ActionPanel
                    kind="redeem"
                    reward={r}
                    rate={rate}
                    lang={lang}
                    onCancel={() => setPanel(null)}
                    onDone={(text) => {
                      setNotice(text);
                      setPanel(null);
                      reload();
                    }}
                  />
                ) : (
                  <button
                    type="button"
                    className="k-button"
                    data-testid={`mall-redeem-${r.id}`}
                    disabled={r.stock <= 0}
                    onClick={() => setPanel({ kind: 'redeem', reward: r })}
                  >
                    {t('redeem')}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('noRewards')}</EmptyState>
        )}
      </section>

      <section className="k-card">
        <h2>{t('sections.history')}</h2>
        {data.history.length ? (
          <ul className="mall-lines" data-testid="mall-history">
            {data.history.map((h) => (
              <li key={h.id} data-status={h.status}>
                <span>
                  {h.title} × {num(h.quantity)}
                </span>
                <span>{t('pointsShort', { n: num(h.points) })}</span>
                <span className={`mall-status mall-status--${h.status.toLowerCase()}`}>{t(`status.${h.status}`)}</span>
                <span className="mall-small">{time(h.createdAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('noHistory')}</EmptyState>
        )}
      </section>

      <section className="k-card">
        <h2>{t('sections.details')}</h2>
        {data.details.length ? (
          <ul className="mall-lines" data-testid="mall-details">
            {data.details.map((d) => (
              <li key={d.id} data-kind={d.kind}>
                <span>{t(`kind.${d.kind}`)}</span>
                <span className={d.delta.startsWith('-') ? 'mall-out' : 'mall-in'}>
                  {d.delta.startsWith('-') ? '−' : '+'}
                  {num(d.delta.replace('-', ''))}
                </span>
                <span className="mall-small">{time(d.createdAt)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('noDetails')}</EmptyState>
        )}
      </section>

      <section className="k-card">
        <h2>{t('sections.rules')}</h2>
        <p>{t('rulesText')}</p>
        <p data-testid="mall-rule-earn">{t('ruleEarn', { amount: formatTaka(data.config.poishaPerPoint, lang) })}</p>
        <p>{t('ruleMin', { n: num(data.config.minConvert) })}</p>
      </section>

      <section className="k-card">
        <h2>{t('sections.rates')}</h2>
        <table className="mall-rates" data-testid="mall-rates">
          <thead>
            <tr>
              <th>{t('rateHead.level')}</th>
              <th>{t('rateHead.value')}</th>
              <th>{t('rateHead.hundred')}</th>
            </tr>
          </thead>
          <tbody>
            {data.config.rates.map((r) => (
              <tr key={r.vipLevel} className={r.vipLevel === data.config.vipLevel ? 'mall-mine' : undefined}>
                <td>
                  VIP {num(r.vipLevel)}
                  {r.vipLevel === data.config.vipLevel ? ` (${t('yourLevel')})` : ''}
                </td>
                <td>{formatTaka(r.poishaPerPoint, lang)}</td>
                <td>{formatTaka(BigInt(r.poishaPerPoint) * BigInt(100), lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/** Redeem (quantity) or convert (points), behind the payment password; one request key per attempt. */
function ActionPanel(props: {
  kind: 'redeem' | 'convert';
  reward?: PointRewardDto;
  rate: bigint;
  lang: Lang;
  min?: string;
  onCancel: () => void;
  onDone: (notice: string) => void;
}) {
  const { t } = useTranslation(NS);
  const [quantity, setQuantity] = useState('1');
  const [points, setPoints] = useState(props.min ?? '');
  const [password, setPassword] = useState('');
  const [key] = useState(newRequestKey);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const pointsValid = /^[1-9][0-9]{0,14}$/.test(points);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const qty = Number(quantity);
    if (!/^\d{6}$/.test(password) || (props.kind === 'convert' ? !pointsValid : !Number.isInteger(qty) || qty < 1)) {
      setFailed(t('errors.INVALID'));
      return;
    }
    setBusy(true);
    setFailed(null);
    try {
      if (props.kind === 'redeem') {
        const r = await redeem({ rewardId: props.reward!.id, quantity: qty, requestKey: key, paymentPassword: password });
        props.onDone(t('redeemed', { title: props.reward!.title, qty: r.quantity }));
      } else {
        const r = await convertPoints({ points, requestKey: key, paymentPassword: password });
        props.onDone(t('converted', { points: r.points, amount: formatTaka(r.amount, props.lang) }));
      }
    } catch (err) {
      const code = err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR';
      setFailed(t([`errors.${code}`, 'error']));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="mall-panel" onSubmit={(e) => void submit(e)} data-testid={`mall-panel-${props.kind}`} noValidate>
      {props.kind === 'redeem' ? (
        <label>
          {t('quantity')}
          <input
            type="number"
            min={1}
            max={props.reward!.maxPerRedeem}
            inputMode="numeric"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
            data-testid="mall-quantity"
          />
        </label>
      ) : (
        <label>
          {t('convertPoints')}
          <input
            inputMode="numeric"
            value={points}
            onChange={(e) => setPoints(e.target.value.trim())}
            data-testid="mall-convert-points"
          />
          {pointsValid && props.rate > BigInt(0) ? (
            <span className="mall-small">
              {t('convertGets', { amount: formatTaka(BigInt(points) * props.rate, props.lang) })}
            </span>
          ) : null}
        </label>
      )}
      <label>
        {t('paymentPassword')}
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="mall-password"
        />
        <span className="mall-small">{t('paymentPasswordHint')}</span>
      </label>
      {failed ? (
        <p className="mall-failed" role="alert">
          {failed}
        </p>
      ) : null}
      <div className="mall-buttons">
        <button type="submit" className="k-button" disabled={busy} data-testid="mall-confirm">
          {busy ? t('working') : t('confirm')}
        </button>
        <button type="button" className="k-button k-button--ghost" onClick={props.onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
