import { useTranslation } from 'react-i18next';
import { PLAY_NAMESPACES } from '../play-i18n';
import { LobbyFrame } from '../components/LobbyFrame';
import { LotteryView } from '../features/lottery/LotteryView';
import { ListHeader } from '../components/ListHeader';

/** Lottery launch pages (/lottery, /seaLottery, /vnLottery), query gameCode; the shell requires a token. */
export default function LotteryPage({ lotteryArea }: { lotteryArea: 'LOTTERY' | 'SEA' | 'VN' }) {
  const { t } = useTranslation(PLAY_NAMESPACES);
  return (
    <LobbyFrame testId={`lottery-${lotteryArea}`}>
      <ListHeader title={t(`lottery.${lotteryArea}`)} />
      <LotteryView area={lotteryArea} />
    </LobbyFrame>
  );
}
