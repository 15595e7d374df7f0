import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  BadLotteryBet,
  checkLotteryBet,
  drawKindOf,
  lotteryBetInput,
  potentialWin,
  type DrawKind,
  type LotteryBetInput,
} from '@khela/games-math';
import { EmptyState, Loading } from '@khela/ui';
import { onLiveEvent } from '@khela/session';
import type { LotteryDrawEvent } from '@khela/api';
import { ApiError } from '@khela/api-client';
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
import { countdownText } from '../../lib/countdown';
import { useAsync } from '../../hooks/useAsync';
import { useLang } from '../../hooks/useLang';
import { LoadError, useErrorText } from '../../components/States';

function useNow(ms: number) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** The numbers typed for a 3-digit bet: any separators, each exactly 3 digits. */
function parseTyped(text: string, digits: number): { numbers: string[]; bad: boolean } {
  const words = text.split(/[^0-9]+/).filter(Boolean);
  const numbers = [...new Set(words.filter((w) => w.length === digits))];
  return { numbers, bad: words.some((w) => w.length !== digits) };
}

type T = TFunction<string[]>;

/** A bet type's name: SEA's top prize is its first prize, the northern lottery's its special prize, a digits draw's its number. */
function typeKey(kind: DrawKind, type: LotteryBetType): string {
  if (kind.kind === 'SEA') return `betting.seaTypes.${type}`;
  if (kind.kind === 'DIGITS' && (type === 'SPECIAL_2D' || type === 'SPECIAL_3D'))
    return (type === 'SPECIAL_2D' ? 2 : 3) === kind.n ? 'betting.kindTypes.STRAIGHT' : `betting.kindTypes.${type}`;
  if (type === 'POSITION' && kind.kind !== 'DIGITS') return `betting.kindTypes.POSITION_${kind.kind}`;
  return `betting.types.${type}`;
}

/** Numbers in prose in the player's language (Bengali digits in BN); the lottery's own numbers stay as drawn. */
const numberFormat = (lang: 'BN' | 'EN') => {
  const f = new Intl.NumberFormat(lang === 'BN' ? 'bn-BD' : 'en-IN', { maximumFractionDigits: 2 });
  return (n: number) => f.format(n);
};

/** The help under the bet types: how the chosen type wins and what it pays. */
function helpText(t: T, kind: DrawKind, type: LotteryBetType, odds: number, fmt: (n: number) => string) {
  const x = fmt(odds / 100);
  if (kind.kind === 'SEA') return t(`betting.seaHelp.${type}`, { odds: x });
  if (kind.kind === 'VN') return t(`betting.help.${type}`, { odds: x });
  if (kind.kind === 'DIGITS' && (type === 'SPECIAL_2D' || type === 'SPECIAL_3D')) {
    const digits = type === 'SPECIAL_2D' ? 2 : 3;
    return t(digits === kind.n ? 'betting.kindHelp.STRAIGHT' : 'betting.kindHelp.TAIL', {
      odds: x,
      digits: fmt(digits),
      count: fmt(kind.n),
    });
  }
  if (type === 'PICK' && kind.kind === 'PICK')
    return t('betting.kindHelp.PICK', { pool: fmt(kind.pool), drawn: fmt(kind.drawn) });
  if (type === 'POSITION' && kind.kind === 'RACE') return t('betting.kindHelp.POSITION_RACE', { odds: x });
  if (type === 'TWO_SIDES' && kind.kind === 'RACE') return t('betting.kindHelp.TWO_SIDES_RACE', { odds: x });
  return t(`betting.kindHelp.${type}`, { odds: x });
}

/** A row's name (a digit's place, a race's place, the sum) and a choice's (a side, a colour, a triple). */
const rowLabel = (t: T, kind: DrawKind, row: string) =>
  row === 'SUM'
    ? t('betting.row.SUM')
    : t(kind.kind === 'RACE' ? 'betting.row.place' : kind.kind === 'COLOUR' ? 'betting.row.number' : 'betting.row.digit', {
        n: row,
      });
function optionLabel(t: T, type: LotteryBetType, option: string) {
  if (option === 'BIG' || option === 'SMALL' || option === 'ODD' || option === 'EVEN') return t(`betting.side.${option}`);
  if (type === 'COLOUR') return t(`betting.colour.${option}`);
  if (type === 'DICE_TRIPLE') return `${option}-${option}-${option}`;
  return option;
}
/** One unit of a bet as the player reads it ("Digit 1: 7", "Sum: big", "Violet", "4-4-4"). */
export function unitLabel(t: T, kind: DrawKind, type: LotteryBetType, unit: string) {
  const at = unit.indexOf(':');
  if (at > 0) return `${rowLabel(t, kind, unit.slice(0, at))}: ${optionLabel(t, type, unit.slice(at + 1))}`;
  return optionLabel(t, type, unit);
}

/** A draw's numbers as the player reads them: dice with their total, the colour digit with its colours. */
function drawnText(t: T, kind: DrawKind, numbers: string[]) {
  const joined = numbers.join(' ');
  if (kind.kind === 'DICE') return `${joined} (${t('betting.totalOf', { total: numbers.reduce((s, d) => s + Number(d), 0) })})`;
  if (kind.kind === 'COLOUR') {
    const d = Number(numbers[0]);
    const colours = [d % 2 ? 'GREEN' : 'RED', ...(d === 0 || d === 5 ? ['VIOLET'] : [])];
    return `${joined} (${colours.map((c) => t(`betting.colour.${c}`)).join(', ')})`;
  }
  return joined;
}

/** The units of a bet's input, as one list (rows: "row:choice"). */
const allUnits = (input: LotteryBetInput): string[] =>
  input.kind === 'rows'
    ? input.rows.flatMap((r) => r.options.map((o) => `${r.key}:${o}`))
    : input.kind === 'choice' || input.kind === 'grid'
      ? [...input.options]
      : input.kind === 'pick'
        ? Array.from({ length: input.pool }, (_, i) => String(i + 1).padStart(2, '0'))
        : [];

const chip = (n: number) => ({ display: 'grid', gridTemplateColumns: `repeat(${n}, minmax(0, 1fr))`, gap: 4 }) as const;

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

  const kind = useMemo(() => drawKindOf(game.gameCode, game.groupCode), [game.gameCode, game.groupCode]);
  const fmt = useMemo(() => numberFormat(lang), [lang]);
  const spec = game.betTypes.find((b) => b.type === type) ?? game.betTypes[0];
  const input = useMemo(() => lotteryBetInput(kind, spec.type), [kind, spec.type]);
  const odds = spec.oddsTable ?? spec.odds;
  const typedParse = useMemo(() => parseTyped(typed, 3), [typed]);
  const numbers = input.kind === 'typed' ? typedParse.numbers : picked;
  // the same rules as the server's (`checkLotteryBet`): a bet it would refuse is not offered, and why is said
  const badParams = {
    counts: input.kind === 'pick' ? input.counts.map(fmt).join(', ') : '',
    pool: input.kind === 'pick' ? fmt(input.pool) : '',
  };
  let units = 0;
  let invalid: string | null = null;
  try {
    if (numbers.length > 0) units = checkLotteryBet(spec.type, numbers, 100, game.groupCode ?? '', game.gameCode).units;
  } catch (err) {
    if (!(err instanceof BadLotteryBet)) throw err;
    invalid = t(`betting.bad.${err.reason}`, badParams);
  }
  const stakeValid = /^\d{1,7}$/.test(stakeTaka) && Number(stakeTaka) * 100 >= Number(game.minStake);
  const stakePoisha = stakeValid ? Number(stakeTaka) * 100 : 0;
  const inRange = stakeValid && stakePoisha <= Number(game.maxStake);
  const total = stakePoisha * units;
  const maxPayout = game.maxPayout ? BigInt(game.maxPayout) : null;
  const uncapped = units > 0 ? potentialWin({ type: spec.type, numbers, stakePerNumber: BigInt(stakePoisha), odds }) : 0n;
  const atCap = maxPayout !== null && uncapped > maxPayout;
  const win = Number(atCap ? maxPayout : uncapped);
  const ready = units > 0 && inRange && !closed && !(input.kind === 'typed' && typedParse.bad);

  const chooseType = (next: LotteryBetType) => {
    setType(next);
    setPicked([]);
    setTyped('');
    setConfirming(false);
  };
  const maxPick = input.kind === 'pick' ? Math.max(...input.counts) : Infinity;
  const toggle = (n: string) => {
    setConfirming(false);
    setPicked((p) =>
      p.includes(n)
        ? p.filter((x) => x !== n)
        : input.kind === 'grid' && input.pair && p.length >= 2
          ? [p[1], n]
          : p.length >= maxPick
            ? p
            : [...p, n],
    );
  };
  /** A quick pick: the largest count of distinct numbers of the pool, at random (a player's convenience, not the draw). */
  const quickPick = () => {
    if (input.kind !== 'pick') return;
    const pool = allUnits(input);
    const out: string[] = [];
    while (out.length < maxPick) {
      const n = pool[Math.floor(Math.random() * pool.length)];
      if (!out.includes(n)) out.push(n);
    }
    setConfirming(false);
    setPicked(out.sort());
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
      const reason =
        err instanceof ApiError && err.errorCode === 'BAD_BET' ? (err.value as { reason?: string } | null)?.reason : undefined;
      setMessage({
        ok: false,
        text: reason ? t([`betting.bad.${reason}`, 'betting.bad.FORMAT'], badParams) : errorText(err),
      });
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
        {closed ? t('betting.closed') : t('betting.closesIn', { time: countdownText(Date.parse(draw.closesAt) - now, lang) })}
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
            {t(typeKey(kind, b.type))}
          </button>
        ))}
      </div>
      <p className="lobby-muted" data-testid="bet-type-help">
        {helpText(t, kind, spec.type, spec.odds, fmt)}
      </p>

      <BetInput
        kind={kind}
        type={spec.type}
        input={input}
        oddsTable={spec.oddsTable ?? null}
        fmt={fmt}
        picked={picked}
        typed={typed}
        typedBad={typedParse.bad}
        onToggle={toggle}
        onTyped={(v) => {
          setTyped(v);
          setConfirming(false);
        }}
        onAll={() => setPicked(allUnits(input))}
        onClear={() => setPicked([])}
        onQuickPick={quickPick}
      />
      {invalid ? (
        <p className="lobby-betting__bad" role="alert" data-testid="betting-invalid">
          {invalid}
        </p>
      ) : null}

      <label className="lobby-betting__field">
        <span>
          {t(
            input.kind === 'pick'
              ? 'betting.stakeTicket'
              : input.kind === 'rows' || input.kind === 'choice'
                ? 'betting.stakeChoice'
                : 'betting.stake',
          )}
        </span>
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
          <dt>
            {t(
              input.kind === 'pick'
                ? 'betting.countPicked'
                : input.kind === 'rows' || input.kind === 'choice'
                  ? 'betting.countChoices'
                  : 'betting.count',
            )}
          </dt>
          <dd data-testid="betting-count">{input.kind === 'grid' && input.pair ? units : numbers.length}</dd>
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
      {atCap ? (
        <p className="lobby-betting__note" role="note" data-testid="betting-max-payout">
          {t('betting.maxPayout', { max: formatMoney(win, lang) })}
        </p>
      ) : null}

      {confirming ? (
        <div
          className="lobby-betting__confirm"
          role="alertdialog"
          aria-label={t('betting.confirmTitle')}
          data-testid="betting-confirm"
        >
          <p>
            {t('betting.confirmText', {
              count: units,
              type: t(typeKey(kind, spec.type)),
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

      <MyBets gameCode={game.gameCode} kind={kind} version={betsVersion} />
    </div>
  );
}

/** What the chosen bet type takes: the 2-digit grid, typed 3-digit numbers, rows of choices, one row of choices, or picks from a pool. */
function BetInput(props: {
  kind: DrawKind;
  type: LotteryBetType;
  input: LotteryBetInput;
  oddsTable: Record<string, number> | null;
  fmt: (n: number) => string;
  picked: string[];
  typed: string;
  typedBad: boolean;
  onToggle: (unit: string) => void;
  onTyped: (text: string) => void;
  onAll: () => void;
  onClear: () => void;
  onQuickPick: () => void;
}) {
  const { t } = useTranslation(PLAY_NAMESPACES);
  const { kind, type, input, oddsTable, picked, fmt } = props;
  const button = (unit: string, label: string, sub?: string) => (
    <button
      key={unit}
      type="button"
      aria-pressed={picked.includes(unit)}
      className={picked.includes(unit) ? 'is-picked' : ''}
      data-testid={`pick-${unit}`}
      onClick={() => props.onToggle(unit)}
      style={sub ? { minHeight: 40, lineHeight: 1.2 } : undefined}
    >
      {label}
      {sub ? (
        <>
          <br />
          <small>{sub}</small>
        </>
      ) : null}
    </button>
  );
  const quick = (all: boolean) => (
    <div className="lobby-betting__quick">
      {all ? (
        <button type="button" className="lobby-btn lobby-btn--ghost" data-testid="pick-all" onClick={props.onAll}>
          {t('betting.all')}
        </button>
      ) : (
        <button type="button" className="lobby-btn lobby-btn--ghost" data-testid="pick-quick" onClick={props.onQuickPick}>
          {t('betting.quickPick')}
        </button>
      )}
      <button type="button" className="lobby-btn lobby-btn--ghost" data-testid="pick-clear" onClick={props.onClear}>
        {t('betting.clear')}
      </button>
    </div>
  );
  switch (input.kind) {
    case 'typed':
      return (
        <label className="lobby-betting__field">
          <span>{t('betting.typeNumbers')}</span>
          <input
            data-testid="betting-typed"
            inputMode="numeric"
            value={props.typed}
            placeholder="123 456"
            onChange={(e) => props.onTyped(e.target.value)}
          />
          {props.typedBad ? <small className="lobby-betting__bad">{t('betting.threeDigits')}</small> : null}
        </label>
      );
    case 'grid':
      return (
        <>
          {input.pair ? null : quick(true)}
          <div className="lobby-betting__grid" data-testid="number-grid">
            {input.options.map((n) => button(n, n))}
          </div>
        </>
      );
    case 'rows':
      return (
        <div className="lobby-betting__rows" data-testid="number-rows" style={{ display: 'grid', gap: 8 }}>
          {input.rows.map((r) => (
            <div key={r.key} role="group" aria-label={rowLabel(t, kind, r.key)} style={{ display: 'grid', gap: 4 }}>
              <span className="lobby-muted" style={{ fontSize: 13 }}>
                {rowLabel(t, kind, r.key)}
              </span>
              <div className="lobby-betting__grid" style={chip(r.options.length)}>
                {r.options.map((o) => button(`${r.key}:${o}`, optionLabel(t, type, o)))}
              </div>
            </div>
          ))}
        </div>
      );
    case 'choice':
      return (
        <div
          className="lobby-betting__grid"
          data-testid="number-grid"
          style={chip(Math.min(input.options.length, type === 'DICE_SUM' ? 7 : 6))}
        >
          {input.options.map((o) =>
            button(o, optionLabel(t, type, o), oddsTable?.[o] !== undefined ? `${fmt(oddsTable[o] / 100)}×` : undefined),
          )}
        </div>
      );
    case 'pick': {
      const n = picked.length;
      const table = oddsTable
        ? Object.entries(oddsTable)
            .filter(([k, v]) => k.startsWith(`${n}:`) && v > 0)
            .map(([k, v]) => t('betting.matchPays', { matches: fmt(Number(k.split(':')[1])), odds: fmt(v / 100) }))
        : [];
      return (
        <>
          {quick(false)}
          <p className="lobby-muted" data-testid="pick-progress">
            {t('betting.picked', { count: fmt(n), counts: input.counts.map(fmt).join(', ') })}
          </p>
          <div className="lobby-betting__grid" data-testid="number-grid">
            {allUnits(input).map((u) => button(u, u))}
          </div>
          {table.length ? (
            <p className="lobby-muted" data-testid="pick-paytable">
              {table.join(' · ')}
            </p>
          ) : null}
        </>
      );
    }
  }
}

/**
 * The member's bets on this game and the result of the last draw they were settled on: both follow the
 * live `lotteryDraw` event (the server sends it once the member's bets on a draw are paid or refunded).
 */
function MyBets({ gameCode, kind, version }: { gameCode: string; kind: DrawKind; version: number }) {
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
      {result ? <DrawResult result={result} kind={kind} lang={lang} /> : null}
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
              <BetRow key={b.id} bet={b} kind={kind} lang={lang} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The result panel of a draw the member bet on: its numbers and what the bets paid, or its cancellation. */
function DrawResult({ result, kind, lang }: { result: LotteryDrawEvent; kind: DrawKind; lang: 'BN' | 'EN' }) {
  const { t } = useTranslation(PLAY_NAMESPACES);
  const prizes = kind.kind === 'VN' || kind.kind === 'SEA';
  const won = BigInt(result.payout) > 0n;
  return (
    <section className="lobby-betting__result" data-testid="lottery-result" data-status={result.status} role="status">
      <h3>{t('betting.result.title', { numero: result.numero })}</h3>
      {result.status === 'VOID' || !result.numbers ? (
        <p data-testid="lottery-result-outcome">{t('betting.result.void')}</p>
      ) : (
        <>
          {prizes ? (
            <>
              <p>
                {t(kind.kind === 'SEA' ? 'betting.first' : 'betting.special')}{' '}
                <strong className="lobby-countdown" data-testid="lottery-result-top">
                  {result.numbers[0]}
                </strong>
              </p>
              <p className="lobby-betting__drawn" aria-label={t('betting.result.all')} data-testid="lottery-result-numbers">
                {result.numbers.slice(1).join(' ')}
              </p>
            </>
          ) : (
            <p>
              {t('betting.drawn')}{' '}
              <strong className="lobby-betting__drawn" data-testid="lottery-result-numbers">
                {drawnText(t, kind, result.numbers)}
              </strong>
            </p>
          )}
          <p className={won ? 'lobby-betting__ok' : 'lobby-muted'} data-testid="lottery-result-outcome">
            {won ? t('betting.result.won', { payout: formatMoney(Number(result.payout), lang) }) : t('betting.result.lost')}
          </p>
        </>
      )}
    </section>
  );
}

function BetRow({ bet, kind, lang }: { bet: LotteryBet; kind: DrawKind; lang: 'BN' | 'EN' }) {
  const { t } = useTranslation(PLAY_NAMESPACES);
  const units = bet.numbers.map((u) => unitLabel(t, kind, bet.betType, u));
  const sep = units.some((u) => u.includes(' ')) ? ', ' : ' ';
  const shown = units.length > 12 ? `${units.slice(0, 12).join(sep)} … (${units.length})` : units.join(sep);
  return (
    <li data-testid="my-bet" data-status={bet.status}>
      <div className="lobby-betting__row">
        <strong>{bet.numero}</strong>
        <span>{t(typeKey(kind, bet.betType))}</span>
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
          {kind.kind === 'VN' || kind.kind === 'SEA' ? (
            <>
              {t(kind.kind === 'SEA' ? 'betting.first' : 'betting.special')}{' '}
              <strong className="lobby-countdown">{bet.drawnNumbers[0]}</strong>
            </>
          ) : (
            <>
              {t('betting.drawn')} <strong>{drawnText(t, kind, bet.drawnNumbers)}</strong>
            </>
          )}
        </p>
      ) : null}
    </li>
  );
}
