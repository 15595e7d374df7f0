import type { SlotConfig, SlotOutcome, SlotParams } from '@khela/games-math';
import { formatNumber } from '../../lib/format';
import type { EngineView } from '../types';
import { SlotBoard } from './SlotBoard';

export const view: EngineView<SlotConfig, SlotParams, SlotOutcome> = {
  id: 'slot',
  Board: SlotBoard,
  defaultParams: () => ({}),
  summary: (outcome, _params, t, lang) =>
    outcome.wins.length ? t('summary.slotWin', { lines: formatNumber(outcome.wins.length, lang) }) : t('summary.slotNone'),
};
