import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { MoneyLang } from '@khela/api';
import type { EngineId } from '../lib/studio-api';

/** What every engine's board receives on the game page. */
export interface BoardProps<Config, Params, Outcome> {
  config: Config;
  params: Params;
  /** the round on show: its outcome is drawn (after the animation, while `playing` is over) */
  outcome: Outcome | null;
  /** the stake of that round, poisha (for win amounts on the board) */
  stake?: bigint;
  /** payout of that outcome, poisha */
  payout?: bigint;
  /** a round is under way: the board animates until the outcome arrives */
  playing: boolean;
  /** called once the outcome has been revealed (at once under reduced motion) */
  onSettled?: () => void;
}

/** The bet controls of an engine beside the stake (dice: target and direction; Andar Bahar: the side). */
export interface ControlsProps<Config, Params> {
  config: Config;
  params: Params;
  onParams: (params: Params) => void;
  disabled: boolean;
}

/**
 * How the games remote draws one engine of @khela/games-math. The game page and the verify page use
 * the same board, so a verified outcome looks exactly like the round that was played.
 */
export interface EngineView<Config = unknown, Params = unknown, Outcome = unknown> {
  id: EngineId;
  Board: ComponentType<BoardProps<Config, Params, Outcome>>;
  Controls?: ComponentType<ControlsProps<Config, Params>>;
  /** params of a new game page (and of the verify form) */
  defaultParams: (config: Config) => Params;
  /** the arrows' left/right on the page: a new target (dice); absent: they change the stake */
  nudge?: (params: Params, delta: 1 | -1, config: Config) => Params;
  /** one line for the recent rounds list and the live region */
  summary: (outcome: Outcome, params: Params, t: TFunction, lang: MoneyLang) => string;
  /** the params of a round as a short text (the verify page's "bet") */
  describeParams?: (params: Params, t: TFunction, lang: MoneyLang) => string;
}
