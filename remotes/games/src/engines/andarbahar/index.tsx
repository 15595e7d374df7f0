import type { AndarBaharConfig, AndarBaharOutcome, AndarBaharParams } from '@khela/games-math';
import { formatNumber } from '../../lib/format';
import type { EngineView } from '../types';
import { AndarBaharBoard } from './AndarBaharBoard';
import { AndarBaharControls } from './AndarBaharControls';

export const view: EngineView<AndarBaharConfig, AndarBaharParams, AndarBaharOutcome> = {
  id: 'andarbahar',
  Board: AndarBaharBoard,
  Controls: AndarBaharControls,
  defaultParams: () => ({ side: 'ANDAR' }),
  summary: (outcome, _params, t, lang) =>
    t('summary.andarbahar', {
      side: t(outcome.winner === 'ANDAR' ? 'andarbahar.andar' : 'andarbahar.bahar'),
      n: formatNumber(outcome.andar.length + outcome.bahar.length, lang),
    }),
};
