import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@khela/ui';
import { NS } from '../i18n';
import '../lobby.css';

/** Lottery launch pages (/lottery, /seaLottery, /vnLottery), query gameCode; the shell requires a token. */
export default function LotteryPage({ lotteryArea }: { lotteryArea: 'LOTTERY' | 'SEA' | 'VN' }) {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  return (
    <div className="lobby-list" data-testid={`lottery-${lotteryArea}`}>
      <h1>{t(`lottery.${lotteryArea}`)}</h1>
      {params.get('gameCode') ? <p className="lobby-code">{params.get('gameCode')}</p> : null}
      <EmptyState>{t('noGames')}</EmptyState>
    </div>
  );
}
