import { formatTaka } from '@khela/api/money';
import { call, CliError, flagOn, option, type Command, type CommandSet } from './kit';

interface OrderRow {
  transferId: string;
  account: string;
  vendor: string;
  direction: 'IN' | 'OUT';
  amount: string;
  status: string;
  errorCode: string | null;
  adapter: string;
  checks: number;
  nextCheckAt: string | null;
  lastError: string | null;
  createdAt: string;
}

interface Connection {
  vendor: string;
  apiUrl: string;
  timeoutMs: number;
  updatedAt: string;
  secret?: string;
}

const STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'UNKNOWN'];

const commands: Record<string, Command> = {
  transfers: async (ctx, rest) => {
    const status = option(rest, '--status')?.toUpperCase();
    const account = option(rest, '--account');
    const limit = option(rest, '--limit') ?? '50';
    if (status && !STATUSES.includes(status)) throw new CliError(`--status is one of ${STATUSES.join(', ')}`);
    if (!/^[1-9][0-9]{0,2}$/.test(limit)) throw new CliError('--limit is a number from 1 to 500');
    const query = new URLSearchParams({ limit, ...(status ? { status } : {}), ...(account ? { account } : {}) });
    const rows = await call<OrderRow[]>(ctx, 'GET', `/ops/transfers?${query}`);
    if (!rows.length) return ctx.print('no transfers');
    for (const r of rows) {
      const why =
        r.errorCode ?? (r.status === 'UNKNOWN' ? `checks ${r.checks}, next ${r.nextCheckAt ?? '-'}: ${r.lastError ?? ''}` : '');
      ctx.print(
        `${r.transferId}  ${r.createdAt.slice(0, 19)}  ${r.account.padEnd(16)} ${r.direction.padEnd(3)} ${r.vendor.padEnd(12)} ` +
          `${formatTaka(r.amount, 'EN').padStart(14)}  ${r.adapter.padEnd(7)} ${r.status.padEnd(7)} ${why}`.trimEnd(),
      );
    }
  },
  'transfer-check': async (ctx, rest) => {
    if (rest.length !== 1) throw new CliError('transfer-check needs a transfer id (T…)');
    const r = await call<OrderRow>(ctx, 'POST', `/ops/transfers/${encodeURIComponent(rest[0])}/check`);
    ctx.print(`${r.transferId}: ${r.status}${r.errorCode ? ` (${r.errorCode})` : ''}`);
  },
  'transfer-vendors': async (ctx) => {
    const rows = await call<Connection[]>(ctx, 'GET', '/ops/transfer-vendors');
    if (!rows.length) return ctx.print('no vendor is connected: the sandbox plays every transfer wallet');
    for (const c of rows) ctx.print(`${c.vendor.padEnd(14)} ${c.apiUrl}  time-out ${c.timeoutMs} ms`);
  },
  'transfer-connect': async (ctx, rest) => {
    const apiUrl = option(rest, '--api-url');
    const timeout = option(rest, '--timeout-ms');
    const newSecret = flagOn(rest, '--new-secret');
    if (rest.length !== 1 || !apiUrl) {
      throw new CliError('transfer-connect needs a vendor code and --api-url <https://…> [--timeout-ms N] [--new-secret]');
    }
    if (timeout !== undefined && !/^[0-9]{3,5}$/.test(timeout)) throw new CliError('--timeout-ms is 100 to 60000');
    const c = await call<Connection>(ctx, 'PUT', `/ops/transfer-vendors/${encodeURIComponent(rest[0].toUpperCase())}`, {
      apiUrl,
      ...(timeout ? { timeoutMs: Number(timeout) } : {}),
      newSecret,
    });
    ctx.print(`${c.vendor} transfers through ${c.apiUrl} (time-out ${c.timeoutMs} ms)`);
    if (c.secret) ctx.print(`shared secret (give it to the vendor; shown once): ${c.secret}`);
  },
  'transfer-disconnect': async (ctx, rest) => {
    if (rest.length !== 1) throw new CliError('transfer-disconnect needs a vendor code');
    await call<null>(ctx, 'DELETE', `/ops/transfer-vendors/${encodeURIComponent(rest[0].toUpperCase())}`);
    ctx.print(`${rest[0].toUpperCase()} disconnected: the sandbox plays its transfer wallet again`);
  },
};

/** Transfer wallets: transfers being checked, and vendors connected to their real transfer API. */
export const transferCommands: CommandSet = {
  usage: `  transfers [--status UNKNOWN|PENDING|SUCCESS|FAILED] [--account A] [--limit N]
                                      transfer-wallet transfers, newest first (UNKNOWN: the vendor is being asked)
  transfer-check <transferId>         ask the vendor about an open transfer now
  transfer-vendors                    vendors connected to their real transfer API
  transfer-connect <CODE> --api-url <url> [--timeout-ms N] [--new-secret]
                                      connect a transfer-wallet vendor (prints the shared secret once)
  transfer-disconnect <CODE>          the sandbox plays the vendor's transfer wallet again`,
  commands,
};
