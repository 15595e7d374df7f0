import { apiRequest } from '@khela/api-client';
import { RAFFLE_PATHS, type RaffleDto } from '@khela/api/promotions';
import { ErrorState } from '@khela/ui';
import { useLoad, useMoney } from '../../common/payments/ui';
import { ClaimFeedback, useClaim } from '../../common/rewards/claim';

/**
 * The raffles open now or drawn lately: the member's tickets from valid bets in the window, the
 * raffle claim that enters them into the draw (once), and after the draw the member's place and the
 * winners. The section hides when there is none.
 */
export function Raffles() {
  const { t, lang, money, time } = useMoney();
  const data = useLoad((signal) => apiRequest<RaffleDto[]>(RAFFLE_PATHS.list, { signal, query: { lang } }), [lang]);
  const { busy, notice, failed, claim } = useClaim('rewards', data.reload);
  const enter = (id: number) =>
    claim(
      id,
      () => apiRequest<{ tickets: number }>(RAFFLE_PATHS.claim, { method: 'POST', body: { id } }),
      (r) => t('rewards.raffleEntered', { count: r.tickets }),
    );
  if (data.error && !data.value) return <ErrorState onRetry={data.reload} testId="raffles-error" />;
  if (!data.value?.length) return null;
  return (
    <section data-testid="raffles">
      <h2>{t('rewards.raffles')}</h2>
      <ClaimFeedback notice={notice} failed={failed} testId="raffle" />
      <ul className="rw-list">
        {data.value.map((r) => (
          <li key={r.id} className="rw-card" data-testid={`raffle-${r.id}`}>
            <strong className="rw-title">{r.title}</strong>
            <span className="rw-small">{t('rewards.rafflePrizes', { prizes: r.prizes.map((p) => money(p)).join(' · ') })}</span>
            <span className="rw-small">{t('rewards.raffleRule', { amount: money(r.poishaPerTicket), max: r.maxTickets })}</span>
            {r.status === 'DRAWN' ? (
              <>
                <span data-testid={`raffle-result-${r.id}`}>
                  {r.won
                    ? t('rewards.raffleWon', { place: r.won.place, amount: money(r.won.prize) })
                    : r.entered
                      ? t('rewards.raffleNotWon')
                      : t('rewards.raffleDrawn')}
                </span>
                {r.winners.length ? (
                  <ol className="rw-small" data-testid={`raffle-winners-${r.id}`}>
                    {r.winners.map((w) => (
                      <li key={w.place}>
                        {w.account} · {money(w.prize)}
                      </li>
                    ))}
                  </ol>
                ) : null}
              </>
            ) : (
              <>
                <span data-testid={`raffle-tickets-${r.id}`}>
                  {t('rewards.raffleTickets', { count: r.tickets })} · {t('rewards.raffleEnds', { time: time(r.endsAt) })}
                </span>
                {r.entered ? (
                  <span className="rw-small">{t('rewards.raffleIn')}</span>
                ) : r.claimable ? (
                  <button
                    type="button"
                    className="k-button"
                    disabled={busy !== null}
                    onClick={() => void enter(r.id)}
                    data-testid={`claim-raffle-${r.id}`}
                  >
                    {t('rewards.raffleClaim')}
                  </button>
                ) : (
                  <span className="rw-small">{t('rewards.raffleNoTickets')}</span>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
