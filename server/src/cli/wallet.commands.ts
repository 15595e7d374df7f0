import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { MoneyFormatError, formatTaka, parseTaka } from '@khela/api/money';
import { call, CliError, option, type Command, type CommandSet, type OpsContext } from './kit';

interface Wallets {
  account: string;
  sumBalance: string;
  wallets: { walletCode: string; type: string; balance: string }[];
}

/** Who runs the command: KHELA_OPERATOR, else the login name of this machine's user. */
export function operatorName(env: NodeJS.ProcessEnv = process.env): string {
  const name =
    env.KHELA_OPERATOR ||
    (() => {
      try {
        return userInfo().username;
      } catch {
        return 'operator';
      }
    })();
  return name.replace(/[^A-Za-z0-9_.@-]/g, '_').slice(0, 64) || 'operator';
}

const taka = (minor: string) => formatTaka(minor, 'EN');

async function printBalance(ctx: OpsContext, account: string): Promise<void> {
  const w = await call<Wallets>(ctx, 'GET', `/ops/wallet/members/${encodeURIComponent(account)}`);
  ctx.print(`${w.account}: ${taka(w.sumBalance)} in total`);
  for (const line of w.wallets)
    ctx.print(`  ${line.walletCode.padEnd(14)} ${line.type.padEnd(9)} ${taka(line.balance).padStart(18)}`);
}

const commands: Record<string, Command> = {
  adjust: async (ctx, rest) => {
    const reason = option(rest, '--reason');
    const key = option(rest, '--key');
    if (rest.length !== 2 || !reason) {
      throw new CliError('adjust needs an account, an amount in taka (e.g. 500.00 or -20.50) and --reason "<text>"');
    }
    let amount: bigint;
    try {
      amount = parseTaka(rest[1]);
    } catch (err) {
      if (err instanceof MoneyFormatError) throw new CliError(`"${rest[1]}" is not an amount of taka (e.g. 500.00 or -20.50)`);
      throw err;
    }
    if (amount === BigInt(0)) throw new CliError('the amount must not be 0');
    const r = await call<{ transactionId: number; balance: string; replayed: boolean }>(ctx, 'POST', '/ops/wallet/adjustments', {
      account: rest[0],
      amount: amount.toString(),
      reason,
      operator: operatorName(),
      key: key ?? randomUUID(),
    });
    ctx.print(
      `${r.replayed ? 'already adjusted' : 'adjusted'} ${rest[0].toLowerCase()} by ${taka(amount.toString())} ` +
        `(transaction ${r.transactionId}); main wallet now ${taka(r.balance)}`,
    );
  },
  balance: async (ctx, rest) => {
    if (rest.length !== 1) throw new CliError('balance needs exactly one account');
    await printBalance(ctx, rest[0]);
  },
  'house-balances': async (ctx) => {
    const rows = await call<{ account: string; balance: string }[]>(ctx, 'GET', '/ops/wallet/house');
    for (const r of rows) ctx.print(`${r.account.padEnd(22)} ${taka(r.balance).padStart(20)}`);
  },
  'vendor-secret': async (ctx, rest) => {
    if (rest.length !== 1) throw new CliError('vendor-secret needs exactly one vendor code');
    const r = await call<{ vendor: string; secret: string; previousValidHours: number }>(
      ctx,
      'POST',
      `/ops/wallet/vendors/${encodeURIComponent(rest[0].toUpperCase())}/secret`,
    );
    ctx.print(r.secret);
    ctx.print(`(the new wallet-API secret of ${r.vendor}; the previous one keeps working for ${r.previousValidHours} hours)`);
  },
  'ledger-audit': async (ctx) => {
    const r = await call<{ total: string; transactions: number; entries: number; anomalies: string[] }>(
      ctx,
      'GET',
      '/ops/wallet/audit',
    );
    ctx.print(`${r.transactions} transactions, ${r.entries} entries, sum ${r.total}`);
    if (!r.anomalies.length) return ctx.print('no anomalies');
    for (const a of r.anomalies) ctx.print(`ANOMALY: ${a}`);
    throw new CliError(`${r.anomalies.length} anomalies`);
  },
};

/** The wallet: manual adjustments, balances and the ledger audit. */
export const walletCommands: CommandSet = {
  usage: `  adjust <account> <taka> --reason "<text>" [--key K]
                                      a manual adjustment of the main wallet (e.g. 500.00 or -20.50), recorded
                                      with who (KHELA_OPERATOR or your login) and why; refused below zero
  balance <account>                   the member's wallets and their balances
  house-balances                      the house accounts (payment clearing, game revenue, ...)
  vendor-secret <VENDOR>              a new wallet-API signing secret for a vendor (printed once)
  ledger-audit                        check the whole ledger: balanced, no drift, nothing negative`,
  commands,
};
