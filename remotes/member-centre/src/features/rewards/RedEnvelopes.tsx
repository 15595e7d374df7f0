import { useState } from 'react';
import { apiRequest, ApiError } from '@khela/api-client';
import { RED_ENVELOPE_PATHS, type RedEnvelopeDto } from '@khela/api/promotions';
import { ErrorState } from '@khela/ui';
import { useLoad, useMoney } from '../../common/payments/ui';

/** The red envelopes open now or soon: open one once; the section hides when there is none. */
export function RedEnvelopes() {
  const { t, lang, money, time } = useMoney();
  const data = useLoad((signal) => apiRequest<RedEnvelopeDto[]>(RED_ENVELOPE_PATHS.list, { signal, query: { lang } }), [lang]);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const open = async (id: number) => {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    setFailed(null);
    try {
      const r = await apiRequest<{ amount: string }>(RED_ENVELOPE_PATHS.claim, { method: 'POST', body: { id } });
      setNotice(t('rewards.envelopeOpened', { amount: money(r.amount) }));
    } catch (err) {
      const code = err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR';
      setFailed(t([`rewards.errors.${code}`, `errors.${code}`, 'errors.UNKNOWN_ERROR']));
    } finally {
      setBusy(false);
      data.reload();
    }
  };
  if (data.error && !data.value) return <ErrorState onRetry={data.reload} testId="envelopes-error" />;
  if (!data.value?.length) return null;
  return (
    <section data-testid="red-envelopes">
      <h2>{t('rewards.envelopes')}</h2>
      {notice ? (
        <p className="rw-notice" role="status" data-testid="envelope-notice">
          {notice}
        </p>
      ) : null}
      {failed ? <ErrorState message={failed} testId="envelope-error" /> : null}
      <ul className="rw-list">
        {data.value.map((e) => (
          <li key={e.id} className="rw-card rw-envelope" data-testid={`envelope-${e.id}`}>
            <strong className="rw-title">🧧 {e.title}</strong>
            {e.claimed ? (
              <span>{t('rewards.envelopeGot', { amount: money(e.claimed) })}</span>
            ) : e.open ? (
              <button
                type="button"
                className="k-button"
                disabled={busy}
                onClick={() => void open(e.id)}
                data-testid={`open-envelope-${e.id}`}
              >
                {t('rewards.openEnvelope')}
              </button>
            ) : (
              <span className="rw-small">
                {e.empty ? t('rewards.envelopeEmpty') : t('rewards.envelopeSoon', { time: time(e.startsAt) })}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
