/**
 * Operator CLI. It talks to the running server over HTTP (PGlite's data folder can be opened by one
 * process only), authenticated by the operator key from KHELA_OPS_KEY or `.data/ops-key`.
 *
 *   tsx src/cli/ops.ts status | maintenance on|off | region on|off | region allow|disallow <ip-or-cidr...>
 *                      create-member <account> [--type N] [--nickname NAME] [--password P [--default-password]]
 *                        [--mobile N] [--email E] | create-session <account> | outbox [to] | rotate-seal-key
 *                      vendors | vendor-add | vendor-hide | vendor-show | vendor-order
 *                      games | game-add | game-hide | game-show | game-order | game-hot | game-new | game-maintenance
 *                      message <account...|--all> --title TEXT --content HTML [--category C]
 */
import { lotteryCommands } from './lottery.commands';
import { readConfig, readOpsKeyFile } from '../config';
import { CliError, type CommandSet, type OpsContext } from './kit';
import { gameCommands } from './games.commands';
import { systemCommands } from './system.commands';
import { walletCommands } from './wallet.commands';
import { paymentCommands } from './payments.commands';
import { studioCommands } from './studio.commands';
import { transferCommands } from './transfer.commands';
import { rgCommands } from './rg.commands';
import { auditCommands } from './audit.commands';
import { operatorName } from './wallet.commands';
import { messageCommands } from './messages.commands';
import { feedbackCommands } from './feedback.commands';
import { promotionCommands } from './promotions.commands';

export type { OpsContext } from './kit';

/** Every domain's commands; a domain adds its set here (its commands live in its own file). */
const COMMAND_SETS: readonly CommandSet[] = [
  systemCommands,
  gameCommands,
  walletCommands,
  paymentCommands,
  studioCommands,
  transferCommands,
  lotteryCommands,
  rgCommands,
  auditCommands,
  messageCommands,
  feedbackCommands,
  promotionCommands,
];

export const USAGE = [
  'Usage: ops <command>',
  ...COMMAND_SETS.map((s) => s.usage),
  'Environment: KHELA_API_URL (default http://127.0.0.1:$PORT or :8080), KHELA_OPS_KEY (default: .data/ops-key)',
].join('\n');

/** Runs one command; throws with a helpful message on failure. */
export async function runOps(argv: string[], ctx: OpsContext): Promise<void> {
  const [command, ...rest] = argv;
  const run = command ? COMMAND_SETS.find((s) => Object.hasOwn(s.commands, command))?.commands[command] : undefined;
  if (!run) throw new CliError(command ? `unknown command "${command}"\n${USAGE}` : USAGE);
  return run(ctx, rest, command);
}

export function contextFromEnv(env: NodeJS.ProcessEnv = process.env): OpsContext {
  const config = readConfig(env);
  const opsKey = config.opsKey ?? readOpsKeyFile(config.opsKeyFile);
  if (!opsKey) {
    throw new CliError(`no operator key: set KHELA_OPS_KEY or start the server once so it writes ${config.opsKeyFile}`);
  }
  const baseUrl = (env.KHELA_API_URL || `http://127.0.0.1:${env.PORT || 8080}`).replace(/\/+$/, '');
  return { baseUrl, opsKey, operator: operatorName(env), print: (line) => console.log(line) };
}

if (require.main === module) {
  Promise.resolve()
    .then(() => runOps(process.argv.slice(2), contextFromEnv()))
    .catch((err: Error) => {
      console.error(err instanceof CliError ? `ops: ${err.message}` : err);
      process.exit(1);
    });
}
