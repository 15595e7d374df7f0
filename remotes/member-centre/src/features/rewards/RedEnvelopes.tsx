import { apiRequest } from '@khela/api-client';
import { RED_ENVELOPE_PATHS, type RedEnvelopeDto } from '@khela/api/promotions';
import { ErrorState } from '@khela/ui';
import { useLoad, useMoney } from '../../common/payments/ui';
import { ClaimFeedback, useClaim } from '../../common/rewards/claim';

/** The red envelopes open now or soon: open one once; the section hides when there is none. */
export function RedEnvelopes() {
  const { t, lang, money, time } = useMoney();
  const data = useLoad((signal) => apiRequest<RedEnvelopeDto[]>(RED_ENVELOPE_PATHS.list, { signal, query: { lang } }), [lang]);
  const { busy, notice, failed, claim } = useClaim('rewards', data.reload);
  const open = (id: number) =>
    claim(
      id,
      () => apiRequest<{ amount: string }>(RED_ENVELOPE_PATHS.claim, { method: 'POST', body: { id } }),
      (r) => t('rewards.envelopeOpened', { amount: money(r.amount) }),
    );
  if (data.error && !data.value) return <ErrorState onRetry={data.reload} testId="envelopes-error" />;
  if (!data.value?.length) return null;
  return (
    <section data-testid="red-envelopes">
      <h2>{t('rewards.envelopes')}</h2>
      <ClaimFeedback notice={notice} failed={failed} testId="envelope" />
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
                disabled={busy !== null}
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
