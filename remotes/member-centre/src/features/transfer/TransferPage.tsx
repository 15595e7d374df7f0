import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTaka, type TransferDto } from '@khela/api';
import { liveActions } from '@khela/session';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { newReference, postRecall } from './api';
import { TNS } from './i18n';
import { TransferForm } from './TransferForm';
import { useFunds, type Funds } from './useFunds';
import './transfer.css';

type Lang = 'BN' | 'EN';

function Summary({ funds, lang, onRecalled }: { funds: Funds; lang: Lang; onRecalled: () => void }) {
  const { t } = useTranslation(TNS);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [reference, setReference] = useState(newReference);
  const anything = funds.wallets.some((w) => w.type === 'TRANSFER' && w.canTransferOut);

  const recall = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await postRecall(reference);
      setReference(newReference());
      const left = r.transfers.filter((x) => x.status !== 'SUCCESS').map((x) => x.vendor);
      const text = !r.transfers.length
        ? t('recalledNone')
        : left.length
          ? `${t('recalled', { amount: formatTaka(r.recalled, lang) })} ${t('recallPartly', { vendors: left.join(', ') })}`
          : t('recalled', { amount: formatTaka(r.recalled, lang) });
      setMessage({ error: left.length > 0, text });
      void liveActions.refreshBalance();
      onRecalled();
    } catch (err) {
      const code = (err as { errorCode?: string }).errorCode ?? 'UNKNOWN_ERROR';
      // a network failure keeps the reference: recalling again is a retry of the same recall
      if (code !== 'NETWORK_ERROR') setReference(newReference());
      setMessage({ error: true, text: t([`errors.${code}`, `common:errors.${code}`, 'common:errors.UNKNOWN_ERROR']) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mt-card mt-summary" aria-label={t('total')}>
      <div className="mt-summary__figures">
        <div>
          <span className="mt-label">{t('total')}</span>
          <strong className="mt-total" data-testid="transfer-total">
            {formatTaka(funds.sumBalance, lang)}
          </strong>
        </div>
        <div>
          <span className="mt-label">{t('main')}</span>
          <strong data-testid="transfer-main">{formatTaka(funds.mainBalance, lang)}</strong>
        </div>
      </div>
      <button
        type="button"
        className="k-button"
        onClick={recall}
        disabled={busy || !anything}
        title={t('recallAllHint')}
        data-testid="transfer-recall-all"
      >
        {busy ? t('recalling') : t('recallAll')}
      </button>
      {message ? (
        <p
          className={message.error ? 'mt-feedback mt-feedback--error' : 'mt-feedback mt-feedback--done'}
          role="status"
          data-testid="recall-feedback"
        >
          {message.text}
        </p>
      ) : null}
      {funds.pendingTransfers > 0 ? (
        <p className="mt-hint" data-testid="transfer-pending">
          {t('pending', { count: funds.pendingTransfers })}
        </p>
      ) : null}
    </section>
  );
}

function Wallets({
  funds,
  lang,
  selected,
  onSelect,
}: {
  funds: Funds;
  lang: Lang;
  selected: string;
  onSelect: (code: string) => void;
}) {
  const { t } = useTranslation(TNS);
  const wallets = funds.wallets.filter((w) => w.type === 'TRANSFER');
  return (
    <section className="mt-card" aria-labelledby="mt-wallets">
      <h3 id="mt-wallets">{t('wallets')}</h3>
      <p className="mt-hint">{t('walletsHint')}</p>
      <ul className="mt-wallets" data-testid="transfer-wallets">
        {wallets.map((w) => (
          <li key={w.walletCode}>
            <button
              type="button"
              className={w.walletCode === selected ? 'mt-wallet mt-wallet--on' : 'mt-wallet'}
              aria-pressed={w.walletCode === selected}
              onClick={() => onSelect(w.walletCode)}
              data-testid={`transfer-wallet-${w.walletCode}`}
            >
              <span className="mt-wallet__name">{w.walletName}</span>
              <span className="mt-wallet__balance">
                {w.status === 'OK' ? formatTaka(w.balance, lang) : <em className="mt-unavailable">{t('unavailable')}</em>}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Records({ list, lang, names }: { list: TransferDto[]; lang: Lang; names: Map<string, string> }) {
  const { t } = useTranslation(TNS);
  return (
    <section className="mt-card" aria-labelledby="mt-records">
      <h3 id="mt-records">{t('records.title')}</h3>
      {list.length ? (
        <ul className="mt-records" data-testid="transfer-records">
          {list.map((r) => (
            <li key={r.transferId} data-testid="transfer-record">
              <span>{t(r.direction === 'IN' ? 'records.in' : 'records.out', { wallet: names.get(r.vendor) ?? r.vendor })}</span>
              <strong>{formatTaka(r.amount, lang)}</strong>
              <span className={`mt-status mt-status--${r.status}`}>
                {t(`records.${r.status}`)}
                {r.status === 'FAILED' && r.errorCode ? ` · ${t([`errors.${r.errorCode}`, 'errors.REFUSED'])}` : ''}
              </span>
              <time dateTime={r.createdAt}>{new Date(r.createdAt).toLocaleString(lang === 'BN' ? 'bn-BD' : 'en-GB')}</time>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>{t('records.empty')}</EmptyState>
      )}
    </section>
  );
}

/** The member centre's transferFund page: every wallet's balance, transfer in and out, recall all. */
export default function TransferPage() {
  const { t, i18n } = useTranslation(TNS);
  const lang: Lang = i18n.language?.toUpperCase() === 'EN' ? 'EN' : 'BN';
  const { funds, records, reload, retry } = useFunds();
  const [vendor, setVendor] = useState('');

  if (funds.phase === 'loading') return <Loading />;
  if (funds.phase === 'error') return <ErrorState errorCode={funds.errorCode} onRetry={retry} testId="transfer-error" />;
  const value = funds.value;
  if (!value.wallets.some((w) => w.type === 'TRANSFER')) return <EmptyState>{t('empty')}</EmptyState>;
  return (
    <div className="mt-page" data-testid="transfer-page">
      <Summary funds={value} lang={lang} onRecalled={reload} />
      <div className="mt-columns">
        <TransferForm funds={value} vendor={vendor} onVendor={setVendor} onDone={reload} />
        <Wallets funds={value} lang={lang} selected={vendor} onSelect={setVendor} />
      </div>
      {records.phase === 'loading' ? (
        <Loading />
      ) : records.phase === 'error' ? (
        <ErrorState errorCode={records.errorCode} onRetry={retry} />
      ) : (
        <Records list={records.value} lang={lang} names={new Map(value.wallets.map((w) => [w.walletCode, w.walletName]))} />
      )}
    </div>
  );
}
