import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { LotteryGame } from '@khela/api';
import { EmptyState, Loading } from '@khela/ui';
import { PLAY_NAMESPACES } from '../../play-i18n';
import { fetchLotteryMenus, fetchLotteryRecent, fetchOpened, fetchVendorLanes } from '../../lib/api';
import { prizeModeFor } from '../../lib/categories';
import { countdownText } from '../../lib/countdown';
import { useAsync } from '../../hooks/useAsync';
import { useLang } from '../../hooks/useLang';
import { useLaunch } from '../../hooks/useLaunch';
import { LazyImage } from '../../components/LazyImage';
import { LoadError } from '../../components/States';

function useNow(ms: number) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

function Countdown({ to }: { to: string }) {
  const now = useNow(1000);
  const lang = useLang();
  return (
    <strong className="lobby-countdown" data-testid="draw-countdown">
      {countdownText(Date.parse(to) - now, lang)}
    </strong>
  );
}

function Opened({ game }: { game: LotteryGame }) {
  const { t } = useTranslation(PLAY_NAMESPACES);
  const opened = useAsync((signal) => fetchOpened(game.gameCode, signal), [game.gameCode]);
  const next = opened.data?.nextDrawAt;
  const now = useNow(5000);
  // a draw that has just opened brings its numbers
  useEffect(() => {
    if (next && Date.parse(next) <= now) opened.reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [next, now]);
  if (opened.error) return <LoadError error={opened.error} onRetry={opened.reload} />;
  if (!opened.data) return <Loading />;
  return (
    <section className="lobby-opened" data-testid="opened-numbers">
      <p className="lobby-opened__next">
        {t('lottery.nextDraw')} <Countdown to={opened.data.nextDrawAt} />
      </p>
      {opened.data.nextDraw ? (
        <p className="lobby-opened__seed" data-testid="next-draw-hash">
          {t('lottery.commitment')} <code>{opened.data.nextDraw.serverSeedHash}</code>
        </p>
      ) : null}
      <table>
        <thead>
          <tr>
            <th>{t('lottery.numero')}</th>
            <th>{t('lottery.numbers')}</th>
          </tr>
        </thead>
        <tbody>
          {opened.data.list.map((d) => (
            <tr key={d.numero}>
              <td>{d.numero}</td>
              <td>
                <div className="lobby-balls">
                  {d.openedNumbers.map((n, i) => (
                    <span key={i} className={i === 0 && d.openedNumbers.length === 27 ? 'is-special' : undefined}>
                      {n}
                    </span>
                  ))}
                </div>
                {d.serverSeed ? (
                  <details className="lobby-opened__seed">
                    <summary>{t('lottery.seed')}</summary>
                    <code data-testid="draw-seed">{d.serverSeed}</code>
                  </details>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A lottery launch page (/lottery, /seaLottery, /vnLottery; query gameCode): the lottery menus, the
 * chosen game's opened numbers and next draw, and the launch in the prize mode of the lottery group.
 */
export function LotteryView({ area }: { area: 'LOTTERY' | 'SEA' | 'VN' }) {
  const { t } = useTranslation(PLAY_NAMESPACES);
  const lang = useLang();
  const launch = useLaunch();
  const [params, setParams] = useSearchParams();
  const menus = useAsync((signal) => fetchLotteryMenus(lang, signal), [lang]);
  const recent = useAsync((signal) => fetchLotteryRecent(lang, signal), [lang]);
  const lanes = useAsync((signal) => fetchVendorLanes(lang, { signal }), [lang]);
  if (menus.error) return <LoadError error={menus.error} onRetry={menus.reload} />;
  if (!menus.data) return <Loading />;
  const groups = menus.data.gameMenus.filter((m) =>
    area === 'VN' ? m.gameGroupCode === 'VN' : area === 'SEA' ? m.gameGroupCode === 'SEA' : true,
  );
  const all = groups.flatMap((m) => m.games);
  const game = all.find((g) => g.gameCode === params.get('gameCode')?.toUpperCase()) ?? all[0];
  if (!game) return <EmptyState>{t('noGames')}</EmptyState>;
  const lotteryVendors = lanes.data?.find((l) => l.gameCategory === 'LOTT')?.vendors ?? [];
  const prizeMode = prizeModeFor(lotteryVendors, area, game.prizeModes);
  const recentGames = recent.data?.gameMenus[0]?.games ?? [];
  const pick = (code: string) => setParams({ gameCode: code }, { replace: true });

  return (
    <div className="lobby-lottery">
      <header className="lobby-lottery__head">
        <LazyImage className="lobby-lottery__art" src={game.iconUrl} alt="" />
        <div>
          <p className="lobby-muted">{t(`lottery.${area}`)}</p>
          <h2 data-testid="lottery-game">{game.displayName}</h2>
          <p className="lobby-muted" data-testid="prize-mode">
            {t('lottery.prizeMode', { mode: prizeMode })}
          </p>
          <button
            type="button"
            className="lobby-btn lobby-btn--play"
            data-testid="lottery-play"
            onClick={() => launch({ lotto: { area, prizeMode, gameCode: game.gameCode } })}
          >
            {t('lottery.bet')}
          </button>
        </div>
      </header>
      <Opened game={game} />
      {groups.map((m) => (
        <section key={m.gameGroupCode} className="lobby-lottery__group" data-testid={`lottery-group-${m.gameGroupCode}`}>
          <h3>{m.name}</h3>
          <div className="lobby-chips">
            {m.games.map((g) => (
              <button key={g.gameCode} type="button" aria-pressed={g.gameCode === game.gameCode} onClick={() => pick(g.gameCode)}>
                {g.displayName}
              </button>
            ))}
          </div>
        </section>
      ))}
      {recentGames.length ? (
        <section className="lobby-lottery__group">
          <h3>{t('lottery.recent')}</h3>
          <div className="lobby-chips">
            {recentGames.map((g) => (
              <Link key={g.gameCode} to={`?gameCode=${g.gameCode}`}>
                {g.displayName}
              </Link>
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}
