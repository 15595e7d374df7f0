import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading } from '@khela/ui';
import { onLiveEvent } from '@khela/session';
import type { LotteryDrawEvent } from '@khela/api';
import { PLAY_NAMESPACES } from '../../play-i18n';
import {
  fetchLotteryBets,
  fetchLotteryBetting,
  placeLotteryBet,
  type LotteryBet,
  type LotteryBetType,
  type LotteryBettingGame,
  type LotteryPrizeMode,
} from '../../lib/api';
import { formatMoney } from '../../lib/money';
import { useAsync } from '../../hooks/useAsync';
import { useLang } from '../../hooks/useLang';
import { LoadError, useErrorText } from '../../components/States';

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));

function useNow(ms: number) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

const clock = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${h ? `${h}:` : ''}${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/** The numbers typed for a 3-digit bet: any separators, each exactly 3 digits. */
function parseTyped(text: string, digits: number): { numbers: string[]; bad: boolean } {
  const words = text.split(/[^0-9]+/).filter(Boolean);
  const numbers = [...new Set(words.filter((w) => w.length === digits))];
  return { numbers, bad: words.some((w) => w.length !== digits) };
}

/** The potential win: every number hitting once (a LOTTO pair is one stake). */
const potential = (type: LotteryBetType, units: number, stakePoisha: number, odds: number) =>
  Math.floor((stakePoisha * odds * units) / 100);

/** A bet type's name: SEA's top prize is its first prize, the northern lottery's its special prize. */
const typeKey = (group: string | undefined, type: LotteryBetType) =>
  group === 'SEA' ? `betting.seaTypes.${type}` : `betting.types.${type}`;

/**
 * The lottery launch's betting view (lottoView betting) in the launch's prize mode: choose the draw,
 * the bet type (those the game offers, at the mode's odds), the numbers and the stake per number; the
 * total and the potential win show before confirming. The header's balance follows the bet and its
 * settlement through the live channel, and the live `lotteryDraw` event shows the draw's result and
 * refreshes the member's bets: nothing asks the server again and again.
 */
export function LotteryBetting({ gameCode, prizeMode }: { gameCode: string; prizeMode?: LotteryPrizeMode }) {
  const game = useAsync((signal) => fetchLotteryBetting(gameCode, signal, prizeMode), [gameCode, prizeMode]);
  if (game.error) return <LoadError error={game.error} onRetry={game.reload} testId="betting-error" />;
  if (!game.data) return <Loading />;
  return <BettingForm game={game.data} reload={game.reload} />;
}

function BettingForm({ game, reload }: { game: LotteryBettingGame; reload: () => void }) {
  const { t } = useTranslation(PLAY_NAMESPACES);
  const lang = useLang();
  const errorText = useErrorText();
  const now = useNow(1000);
  const [drawIndex, setDrawIndex] = useState(game.draws[0]?.index);
  const [type, setType] = useState<LotteryBetType>(game.betTypes[0]?.type ?? 'SPECIAL_2D');
  const [picked, setPicked] = useState<string[]>([]);
  const [typed, setTyped] = useState('');
  const [stakeTaka, setStakeTaka] = useState('10');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [betsVersion, setBetsVersion] = useState(0);

  const draw = game.draws.find((d) => d.index === drawIndex) ?? game.draws[0];
  const closed = !draw || Date.parse(draw.closesAt) <= now;
  // the chosen draw closed: the game's next draws are fetched again
  useEffect(() => {
    if (closed) reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [closed]);

  const spec = game.betTypes.find((b) => b.type === type) ?? game.betTypes[0];
  const typedParse = useMemo(() => parseTyped(typed, 3), [typed]);
  const numbers = spec.digits === 3 ? typedParse.numbers : picked;
  const units = spec.pair ? (numbers.length === 2 ? 1 : 0) : numbers.length;
  const stakeValid = /^\d{1,7}$/.test(stakeTaka) && Number(stakeTaka) * 100 >= Number(game.minStake);
  const stakePoisha = stakeValid ? Number(stakeTaka) * 100 : 0;
  const inRange = stakeValid && stakePoisha <= Number(game.maxStake);
  const total = stakePoisha * units;
  const win = potential(type, units, stakePoisha, spec.odds);
  const ready = units > 0 && inRange && !closed && !(spec.digits === 3 && typedParse.bad) && !(spec.pair && numbers.length !== 2);

  const chooseType = (next: LotteryBetType) => {
    setType(next);
    setPicked([]);
    setTyped('');
    setConfirming(false);
  };
  const toggle = (n: string) => {
    setConfirming(false);
    setPicked((p) => (p.includes(n) ? p.filter((x) => x !== n) : spec.pair && p.length >= 2 ? [p[1], n] : [...p, n]));
  };

  async function confirm() {
    setBusy(true);
    setMessage(null);
    try {
      await placeLotteryBet({
        gameCode: game.gameCode,
        drawIndex: draw.index,
        betType: type,
        numbers,
        stakePerNumber: String(stakePoisha),
        prizeMode: game.prizeMode,
      });
      setMessage({ ok: true, text: t('betting.placed', { numero: draw.numero }) });
      setPicked([]);
      setTyped('');
      setConfirming(false);
      setBetsVersion((v) => v + 1);
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  if (!draw || !spec) return <EmptyState>{t('betting.noDraw')}</EmptyState>;
  return (
    <div className="lobby-betting" data-testid="lottery-betting">
      <label className="lobby-betting__field">
        <span>{t('betting.draw')}</span>
        <select
          data-testid="betting-draw"
          value={draw.index}
          onChange={(e) => {
            setDrawIndex(Number(e.target.value));
            setConfirming(false);
          }}
        >
          {game.draws.map((d) => (
            <option key={d.index} value={d.index}>
              {d.numero}
            </option>
          ))}
        </select>
      </label>
      <p className="lobby-muted" data-testid="betting-closes">
        {closed ? t('betting.closed') : t('betting.closesIn', { time: clock(Date.parse(draw.closesAt) - now) })}
      </p>
      <p className="lobby-betting__hash" title={t('betting.hashHelp')}>
        {t('betting.hash')} <code>{draw.serverSeedHash.slice(0, 16)}…</code>
      </p>

      <div className="lobby-betting__types" role="tablist">
        {game.betTypes.map((b) => (
          <button
            key={b.type}
            type="button"
            role="tab"
            aria-selected={b.type === type}
            className="lobby-betting__type"
            data-testid={`bet-type-${b.type}`}
            onClick={() => chooseType(b.type)}
          >
            {t(typeKey(game.groupCode, b.type))}
          </button>
        ))}
      </div>
      <p className="lobby-muted" data-testid="bet-type-help">
        {t(game.groupCode === 'SEA' ? `betting.seaHelp.${type}` : `betting.help.${type}`, { odds: spec.odds / 100 })}
      </p>

      {spec.digits === 3 ? (
        <label className="lobby-betting__field">
          <span>{t('betting.typeNumbers')}</span>
          <input
            data-testid="betting-typed"
            inputMode="numeric"
            value={typed}
            placeholder="123 456"
            onChange={(e) => {
              setTyped(e.target.value);
              setConfirming(false);
            }}
          />
          {typedParse.bad ? <small className="lobby-betting__bad">{t('betting.threeDigits')}</small> : null}
        </label>
      ) : (
        <>
          {spec.pair ? null : (
            <div className="lobby-betting__quick">
              <button
                type="button"
                className="lobby-btn lobby-btn--ghost"
                data-testid="pick-all"
                onClick={() => setPicked(TWO_DIGITS)}
              >
                {t('betting.all')}
              </button>
              <button type="button" className="lobby-btn lobby-btn--ghost" data-testid="pick-clear" onClick={() => setPicked([])}>
                {t('betting.clear')}
              </button>
            </div>
          )}
          <div className="lobby-betting__grid" data-testid="number-grid">
            {TWO_DIGITS.map((n) => (
              <button
                key={n}
                type="button"
                aria-pressed={picked.includes(n)}
                className={picked.includes(n) ? 'is-picked' : ''}
                data-testid={`pick-${n}`}
                onClick={() => toggle(n)}
              >
                {n}
              </button>
            ))}
          </div>
        </>
      )}

      <label className="lobby-betting__field">
        <span>{t('betting.stake')}</span>
        <input
          data-testid="betting-stake"
          inputMode="numeric"
          value={stakeTaka}
          onChange={(e) => {
            setStakeTaka(e.target.value.trim());
            setConfirming(false);
          }}
        />
        {inRange ? null : (
          <small className="lobby-betting__bad">
            {t('betting.stakeRange', {
              min: formatMoney(Number(game.minStake), lang),
              max: formatMoney(Number(game.maxStake), lang),
            })}
          </small>
        )}
      </label>

      <dl className="lobby-betting__summary" data-testid="betting-summary">
        <div>
          <dt>{t('betting.count')}</dt>
          <dd data-testid="betting-count">{spec.pair ? units : numbers.length}</dd>
        </div>
        <div>
          <dt>{t('betting.total')}</dt>
          <dd data-testid="betting-total">{formatMoney(total, lang)}</dd>
        </div>
        <div>
          <dt>{t('betting.potential')}</dt>
          <dd data-testid="betting-potential">{formatMoney(win, lang)}</dd>
        </div>
      </dl>

      {confirming ? (
        <div
          className="lobby-betting__confirm"
          role="alertdialog"
          aria-label={t('betting.confirmTitle')}
          data-testid="betting-confirm"
        >
          <p>
            {t('betting.confirmText', {
              count: spec.pair ? 1 : numbers.length,
              type: t(typeKey(game.groupCode, type)),
              numero: draw.numero,
              total: formatMoney(total, lang),
            })}
          </p>
          <div className="lobby-launch__actions">
            <button
              type="button"
              className="lobby-btn lobby-btn--play"
              data-testid="betting-confirm-yes"
              disabled={busy}
              onClick={confirm}
            >
              {busy ? t('betting.placing') : t('betting.confirm')}
            </button>
            <button type="button" className="lobby-btn lobby-btn--ghost" onClick={() => setConfirming(false)}>
              {t('betting.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="lobby-btn lobby-btn--play lobby-betting__place"
          data-testid="betting-place"
          disabled={!ready}
          onClick={() => setConfirming(true)}
        >
          {t('betting.place')}
        </button>
      )}
      {message ? (
        <p role="status" className={message.ok ? 'lobby-betting__ok' : 'lobby-betting__bad'} data-testid="betting-message">
          {message.text}
        </p>
      ) : null}

      <MyBets gameCode={game.gameCode} group={game.groupCode} version={betsVersion} />
    </div>
  );
}

/**
 * The member's bets on this game and the result of the last draw they were settled on: both follow the
 * live `lotteryDraw` event (the server sends it once the member's bets on a draw are paid or refunded).
 */
function MyBets({ gameCode, group, version }: { gameCode: string; group?: string; version: number }) {
  const { t } = useTranslation(PLAY_NAMESPACES);
  const lang = useLang();
  const [settled, setSettled] = useState(0);
  const [result, setResult] = useState<LotteryDrawEvent | null>(null);
  const bets = useAsync((signal) => fetchLotteryBets(gameCode, signal), [gameCode, version, settled]);
  useEffect(
    () =>
      onLiveEvent('lotteryDraw', (e) => {
        if (e.gameCode !== gameCode) return;
        setResult(e);
        setSettled((v) => v + 1);
      }),
    [gameCode],
  );
  return (
    <>
      {result ? <DrawResult result={result} group={group} lang={lang} /> : null}
      <section className="lobby-betting__mine" data-testid="my-bets">
        <h3>{t('betting.mine')}</h3>
        {bets.error && !bets.data ? (
          <LoadError error={bets.error} onRetry={bets.reload} />
        ) : !bets.data ? (
          <Loading />
        ) : bets.data.list.length === 0 ? (
          <p className="lobby-muted">{t('betting.noBets')}</p>
        ) : (
          <ul>
            {bets.data.list.map((b) => (
              <BetRow key={b.id} bet={b} group={group} lang={lang} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The result panel of a draw the member bet on: its numbers and what the bets paid, or its cancellation. */
function DrawResult({ result, group, lang }: { result: LotteryDrawEvent; group?: string; lang: 'BN' | 'EN' }) {
  const { t } = useTranslation(PLAY_NAMESPACES);
  const won = BigInt(result.payout) > 0n;
  return (
    <section className="lobby-betting__result" data-testid="lottery-result" data-status={result.status} role="status">
      <h3>{t('betting.result.title', { numero: result.numero })}</h3>
      {result.status === 'VOID' || !result.numbers ? (
        <p data-testid="lottery-result-outcome">{t('betting.result.void')}</p>
      ) : (
        <>
          <p>
            {t(group === 'SEA' ? 'betting.first' : 'betting.special')}{' '}
            <strong className="lobby-countdown" data-testid="lottery-result-top">
              {result.numbers[0]}
            </strong>
          </p>
          <p className="lobby-betting__drawn" aria-label={t('betting.result.all')} data-testid="lottery-result-numbers">
            {result.numbers.slice(1).join(' ')}
          </p>
          <p className={won ? 'lobby-betting__ok' : 'lobby-muted'} data-testid="lottery-result-outcome">
            {won ? t('betting.result.won', { payout: formatMoney(Number(result.payout), lang) }) : t('betting.result.lost')}
          </p>
        </>
      )}
    </section>
  );
}

function BetRow({ bet, group, lang }: { bet: LotteryBet; group?: string; lang: 'BN' | 'EN' }) {
  const { t } = useTranslation(PLAY_NAMESPACES);
  const shown =
    bet.numbers.length > 12 ? `${bet.numbers.slice(0, 12).join(' ')} … (${bet.numbers.length})` : bet.numbers.join(' ');
  return (
    <li data-testid="my-bet" data-status={bet.status}>
      <div className="lobby-betting__row">
        <strong>{bet.numero}</strong>
        <span>{t(typeKey(group, bet.betType))}</span>
        <span className={`lobby-betting__status is-${bet.status.toLowerCase()}`} data-testid="my-bet-status">
          {t(`betting.status.${bet.status}`)}
        </span>
      </div>
      <p className="lobby-muted">{shown}</p>
      <p>
        {t('betting.stakeOf', { stake: formatMoney(Number(bet.stake), lang) })}
        {bet.status === 'WON' || bet.status === 'LOST' ? (
          <>
            {' · '}
            <span data-testid="my-bet-payout">{t('betting.payoutOf', { payout: formatMoney(Number(bet.payout), lang) })}</span>
          </>
        ) : null}
      </p>
      {bet.drawnNumbers ? (
        <p data-testid="my-bet-result">
          {t(group === 'SEA' ? 'betting.first' : 'betting.special')}{' '}
          <strong className="lobby-countdown">{bet.drawnNumbers[0]}</strong>
        </p>
      ) : null}
    </li>
  );
}
