import { init } from './0001_init';
import { catalogue } from './0002_catalogue';
import { auth } from './0003_auth';
import { money } from './0004_money';
import { payments } from './0005_payments';
import { transfers } from './0006_transfers';
import { studio } from './0007_studio';
import { ledgerFunctions } from './0010_ledger_functions';
import { jobs } from './0011_jobs';
import { walletHotPath } from './0012_wallet_hot_path';
import { responsibleGaming } from './0013_responsible_gaming';
import { records } from './0014_records';
import { withdrawalDisputes } from './0016_withdrawal_disputes';
import { lottery } from './0017_lottery';
import { rum } from './0018_rum';
import { lossLimits } from './0019_loss_limits';
import { lossHours } from './0020_loss_hours';
import { gameSessionsFollowSignin } from './0027_game_sessions_follow_signin';
import { helpCentre } from './0028_help_centre';
import { lotteryPrizeMode } from './0029_lottery_prize_mode';
import { rumFlushes } from './0030_rum_flushes';
import { opsAudit } from './0031_ops_audit';
import { referralCodeIndex } from './0032_referral_code_index';
import { socialSignin } from './0035_social_signin';
import { memberMessages } from './0036_member_messages';
import { agents } from './0037_agents';
import { memberAuthenticator } from './0040_member_authenticator';
import { feedback } from './0041_feedback';
import { manualRebate } from './0042_manual_rebate';
import { promotions } from './0043_promotions';
import { missions } from './0044_missions';
import { redEnvelopes } from './0045_red_envelopes';
import { agentOwedCollections } from './0046_agent_owed_collections';
import { agentClawbacks } from './0047_agent_clawbacks';
import { bonusAndPointsGuards } from './0048_bonus_and_points_guards';
import { promotionOpsClose } from './0049_envelope_close_and_raffles';
import { liveChat } from './0050_live_chat';
import { pvpRooms } from './0051_pvp_rooms';
import { loginHandovers } from './0052_login_handovers';
import { codeHmacSecret } from './0053_code_hmac_secret';
import { lotteryOddsTable } from './0054_lottery_odds_table';
import { lotteryMaxPayout } from './0055_lottery_max_payout';
import { betDaily } from './0056_bet_daily';

/** One schema change. Never edit an applied migration: add the next version. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Ordered and append-only; versions ascend (db.test.ts). */
export const migrations: readonly Migration[] = [
  init,
  catalogue,
  auth,
  money,
  payments,
  transfers,
  studio,
  ledgerFunctions,
  jobs,
  walletHotPath,
  responsibleGaming,
  records,
  withdrawalDisputes,
  lottery,
  rum,
  lossLimits,
  lossHours,
  gameSessionsFollowSignin,
  helpCentre,
  lotteryPrizeMode,
  rumFlushes,
  opsAudit,
  referralCodeIndex,
  socialSignin,
  memberMessages,
  agents,
  memberAuthenticator,
  feedback,
  manualRebate,
  promotions,
  missions,
  redEnvelopes,
  agentOwedCollections,
  agentClawbacks,
  bonusAndPointsGuards,
  promotionOpsClose,
  liveChat,
  pvpRooms,
  loginHandovers,
  codeHmacSecret,
  lotteryOddsTable,
  lotteryMaxPayout,
  betDaily,
];
