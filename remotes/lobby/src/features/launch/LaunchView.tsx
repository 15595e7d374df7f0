import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState, Loading } from '@khela/ui';
import { titleKeys } from '../../i18n';
import { PLAY_NAMESPACES } from '../../play-i18n';
import { fetchLaunch, type LotteryPrizeMode } from '../../lib/api';
import { CATEGORY_ROUTE } from '../../lib/categories';
import { useAsync } from '../../hooks/useAsync';
import { useLang } from '../../hooks/useLang';
import { LazyImage } from '../../components/LazyImage';
import { LoadError } from '../../components/States';
import { LotteryBetting } from './LotteryBetting';

/**
 * The platform's launch page (/seamless?ticket=…): the launched game and its vendor, and an honest
 * "not connected" state for a game no provider plays; a lottery launched in its betting view
 * (lottoView betting) whose draws the platform takes bets on shows the betting view.
 */
export function LaunchView() {
  const { t } = useTranslation(PLAY_NAMESPACES);
  const lang = useLang();
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  const launch = useAsync((signal) => fetchLaunch(ticket!, lang, signal), [ticket, lang], !!ticket);
  if (!ticket) return <EmptyState>{t('launch.none')}</EmptyState>;
  if (launch.error) return <LoadError error={launch.error} onRetry={launch.reload} testId="launch-error" />;
  if (!launch.data) return <Loading />;
  const { game, vendor, accountType, lotto, connected } = launch.data;
  const betting = !!lotto && lotto.view === 'betting' && connected;
  return (
    <div
      className={`lobby-launch${betting ? ' lobby-launch--betting' : ''}`}
      data-testid="launch-page"
      data-connected={connected}
    >
      <div className="lobby-launch__stage">
        <LazyImage className="lobby-launch__art" src={game.iconUrl} alt="" />
        <div className="lobby-launch__info">
          <p className="lobby-muted">
            {vendor.displayName} · {t(titleKeys(game.gameType))}
          </p>
          <h2 data-testid="launch-game-name">{game.displayName}</h2>
          <p className="lobby-launch__mode">{t(accountType === 1 ? 'launch.real' : 'launch.trial')}</p>
          {lotto ? <p className="lobby-muted">{t('lottery.prizeMode', { mode: lotto.prizeMode })}</p> : null}
          {connected ? null : (
            <div className="lobby-launch__state" role="status" data-testid="not-connected">
              <strong>{t('launch.notConnectedTitle')}</strong>
              <p>{t('launch.notConnectedBody')}</p>
            </div>
          )}
          <div className="lobby-launch__actions">
            <Link className="lobby-btn lobby-btn--play" to={CATEGORY_ROUTE[game.gameType]}>
              {t('launch.back')}
            </Link>
            <Link className="lobby-btn lobby-btn--ghost" to="/recent">
              {t('launch.recent')}
            </Link>
          </div>
        </div>
      </div>
      {betting ? <LotteryBetting gameCode={game.gameCode} prizeMode={lotto!.prizeMode as LotteryPrizeMode} /> : null}
    </div>
  );
}
