import type { DiceConfig, DiceOutcome, DiceParams } from '@khela/games-math';
import type { EngineView } from '../types';
import { DiceBoard, hundredths } from './DiceBoard';
import { clampTarget, DiceControls } from './DiceControls';

export const view: EngineView<DiceConfig, DiceParams, DiceOutcome> = {
  id: 'dice',
  Board: DiceBoard,
  Controls: DiceControls,
  defaultParams: () => ({ direction: 'UNDER', target: 5000 }),
  nudge: (params, delta, config) => ({ ...params, target: clampTarget(config, params.direction, params.target + delta * 100) }),
  summary: (outcome, _params, t, lang) =>
    t('summary.dice', {
      roll: hundredths(outcome.roll, lang),
      target: hundredths(outcome.target, lang),
      direction: t(outcome.direction === 'UNDER' ? 'dice.underWord' : 'dice.overWord'),
    }),
};
