import { MoneyFormatError, formatTaka, parseTaka } from '@khela/api/money';
import { call, CliError, flagOn, option, type Command, type CommandSet, type OpsContext } from './kit';
import { operatorName } from './wallet.commands';
import { PAYMENT_RULE_DEFAULTS } from '../domains/payments/rules';

interface Channel {
  code: string;
  method: string;
  name: string;
  nameBn: string;
  gateway: string;
  minAmount: string;
  maxAmount: string;
  feeBps: number;
  feeFixed: string;
  quickAmounts: string[];
  enabled: boolean;
  sort: number;
  updatedBy: string | null;
}

interface Order {
  orderNo: string;
  account: string;
  channel: string;
  amount: string;
  fee: string;
  credit: string;
  status: string;
  createdAt: string;
  paidAt: string | null;
  late?: boolean;
  gatewayReference?: string | null;
  failureReason: string | null;
}

interface Withdrawal {
  id: number;
  account: string;
  amount: string;
  method: string;
  accountNoFull: string;
  holderName: string;
  bankName: string | null;
  branch: string | null;
  status: string;
  requestedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
  rejectReason: string | null;
  payoutReference: string | null;
  confirmation: string | null;
  confirmedAt: string | null;
  autoReceiveAt: string | null;
  complaint: string | null;
  proofs: { id: number; fileName: string; contentType: string; size: number }[];
}

const taka = (minor: string) => formatTaka(minor, 'EN');
const when = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) + 'Z' : '-');

function takaArg(text: string, what: string): string {
  let v: bigint;
  try {
    v = parseTaka(text);
  } catch (err) {
    if (err instanceof MoneyFormatError) throw new CliError(`${what}: "${text}" is not an amount of taka (e.g. 500 or 1250.50)`);
    throw err;
  }
  if (v <= BigInt(0)) throw new CliError(`${what} must be more than 0`);
  return v.toString();
}

/** "1.5" (per cent, up to 2 decimals) → 150 basis points. */
function percentArg(text: string): number {
  const m = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new CliError(`--fee-percent: "${text}" is not a percentage like 1.5`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const idArg = (text: string | undefined, command: string) => {
  if (!text || !/^[1-9]\d{0,14}$/.test(text)) throw new CliError(`${command} needs a withdrawal id (a number)`);
  return Number(text);
};

function printChannel(ctx: OpsContext, c: Channel) {
  const fee =
    c.feeBps === 0 && c.feeFixed === '0'
      ? 'no fee'
      : `fee ${(c.feeBps / 100).toFixed(2)}%${c.feeFixed !== '0' ? ` + ${taka(c.feeFixed)}` : ''}`;
  ctx.print(
    `${String(c.sort).padStart(3)}  ${c.code.padEnd(8)} ${(c.enabled ? 'on' : 'OFF').padEnd(4)}${c.name} / ${c.nameBn}  ` +
      `${taka(c.minAmount)} – ${taka(c.maxAmount)}, ${fee}, via ${c.gateway}`,
  );
  ctx.print(
    `      quick amounts: ${c.quickAmounts.map(taka).join(', ') || '-'}${c.updatedBy ? `  (last changed by ${c.updatedBy})` : ''}`,
  );
}

function printWithdrawalLine(ctx: OpsContext, w: Withdrawal) {
  const to = w.method === 'BANK' ? `${w.bankName} ${w.accountNoFull}` : `${w.method} ${w.accountNoFull}`;
  ctx.print(
    `#${String(w.id).padEnd(6)} ${w.status.padEnd(8)} ${(w.confirmation ?? '').padEnd(13)} ${w.account.padEnd(16)} ` +
      `${taka(w.amount).padStart(14)}  ${to} (${w.holderName})  ${when(w.requestedAt)}`,
  );
}

const commands: Record<string, Command> = {
  channels: async (ctx) => {
    for (const c of await call<Channel[]>(ctx, 'GET', '/ops/payments/channels')) printChannel(ctx, c);
  },
  'channel-set': async (ctx, rest) => {
    const body: Record<string, unknown> = { operator: operatorName() };
    const min = option(rest, '--min');
    const max = option(rest, '--max');
    const fee = option(rest, '--fee-percent');
    const fixed = option(rest, '--fee-fixed');
    const order = option(rest, '--order');
    const quick = option(rest, '--quick');
    const name = option(rest, '--name');
    const nameBn = option(rest, '--name-bn');
    if (flagOn(rest, '--enable')) body.enabled = true;
    if (flagOn(rest, '--disable')) body.enabled = false;
    if (rest.length !== 1) {
      throw new CliError(
        'channel-set needs a channel code and what to change: --min 200 --max 25000 --fee-percent 1.5 --fee-fixed 5 ' +
          '--enable|--disable --order 10 --quick 500,1000,5000 --name X --name-bn Y',
      );
    }
    if (min) body.minAmount = takaArg(min, '--min');
    if (max) body.maxAmount = takaArg(max, '--max');
    if (fee) body.feeBps = percentArg(fee);
    if (fixed) body.feeFixed = fixed === '0' ? '0' : takaArg(fixed, '--fee-fixed');
    if (order) {
      if (!/^\d{1,6}$/.test(order)) throw new CliError('--order needs a whole number');
      body.sort = Number(order);
    }
    if (quick) body.quickAmounts = quick.split(',').map((a) => takaArg(a, '--quick'));
    if (name) body.name = name;
    if (nameBn) body.nameBn = nameBn;
    if (Object.keys(body).length === 1) throw new CliError('channel-set: nothing to change');
    const c = await call<Channel>(ctx, 'PUT', `/ops/payments/channels/${encodeURIComponent(rest[0].toUpperCase())}`, body);
    ctx.print('updated:');
    printChannel(ctx, c);
  },
  deposits: async (ctx, rest) => {
    const status = option(rest, '--status')?.toUpperCase();
    const account = option(rest, '--account');
    const q = new URLSearchParams({ ...(status ? { status } : {}), ...(account ? { account } : {}) });
    const rows = await call<Order[]>(ctx, 'GET', `/ops/payments/deposits?${q}`);
    if (!rows.length) return ctx.print('no deposits');
    for (const o of rows) {
      ctx.print(
        `${o.orderNo.padEnd(16)} ${o.status.padEnd(8)}${o.late ? ' late' : '     '} ${o.account.padEnd(16)} ${o.channel.padEnd(7)} ` +
          `${taka(o.amount).padStart(14)} (fee ${taka(o.fee)})  ${when(o.createdAt)}`,
      );
    }
  },
  deposit: async (ctx, rest) => {
    if (rest.length !== 1) throw new CliError('deposit needs an order number');
    const o = await call<Order>(ctx, 'GET', `/ops/payments/deposits/${encodeURIComponent(rest[0].toUpperCase())}`);
    ctx.print(`${o.orderNo}: ${o.status}${o.late ? ' (paid after it was closed)' : ''}, ${o.channel}`);
    ctx.print(`  paid ${taka(o.amount)}, fee ${taka(o.fee)}, credited ${taka(o.credit)}`);
    ctx.print(`  created ${when(o.createdAt)}, paid ${when(o.paidAt)}, gateway reference ${o.gatewayReference ?? '-'}`);
    if (o.failureReason) ctx.print(`  reason: ${o.failureReason}`);
  },
  withdrawals: async (ctx, rest) => {
    const status = (option(rest, '--status') ?? 'PENDING').toUpperCase();
    const account = option(rest, '--account');
    const q = new URLSearchParams({ status, ...(account ? { account } : {}) });
    const rows = await call<Withdrawal[]>(ctx, 'GET', `/ops/payments/withdrawals?${q}`);
    if (!rows.length) return ctx.print(`no ${status === 'ALL' ? '' : status.toLowerCase() + ' '}withdrawals`);
    for (const w of rows) printWithdrawalLine(ctx, w);
  },
  withdrawal: async (ctx, rest, command) => {
    const id = idArg(rest[0], command);
    const w = await call<Withdrawal>(ctx, 'GET', `/ops/payments/withdrawals/${id}`);
    printWithdrawalLine(ctx, w);
    if (w.method === 'BANK') ctx.print(`  bank: ${w.bankName}, branch ${w.branch}`);
    if (w.decidedAt)
      ctx.print(
        `  decided ${when(w.decidedAt)} by ${w.decidedBy}${w.payoutReference ? `, payout reference ${w.payoutReference}` : ''}`,
      );
    if (w.rejectReason) ctx.print(`  rejected: ${w.rejectReason}`);
    if (w.autoReceiveAt) ctx.print(`  counts as received at ${when(w.autoReceiveAt)} unless the member answers`);
    if (w.confirmation)
      ctx.print(`  member: ${w.confirmation} at ${when(w.confirmedAt)}${w.complaint ? ` — "${w.complaint}"` : ''}`);
    for (const p of w.proofs) {
      ctx.print(
        `  proof ${p.fileName} (${p.contentType}, ${Math.ceil(p.size / 1024)} KB): ${ctx.baseUrl}/ops/payments/withdrawals/${id}/proofs/${p.id}`,
      );
    }
  },
  'withdrawal-approve': async (ctx, rest, command) => {
    const reference = option(rest, '--reference');
    const id = idArg(rest[0], command);
    const w = await call<Withdrawal>(ctx, 'POST', `/ops/payments/withdrawals/${id}/approve`, {
      operator: operatorName(),
      ...(reference ? { payoutReference: reference } : {}),
    });
    ctx.print(`approved #${w.id}: ${taka(w.amount)} to ${w.method} ${w.accountNoFull} (${w.holderName})`);
  },
  'withdrawal-reject': async (ctx, rest, command) => {
    const reason = option(rest, '--reason');
    const id = idArg(rest[0], command);
    if (!reason) throw new CliError('withdrawal-reject needs --reason "<what the member is told>"');
    const w = await call<Withdrawal>(ctx, 'POST', `/ops/payments/withdrawals/${id}/reject`, { operator: operatorName(), reason });
    ctx.print(`rejected #${w.id}: ${taka(w.amount)} is back in ${w.account}'s main wallet`);
  },
  'withdrawal-resolve': async (ctx, rest, command) => {
    const id = idArg(rest[0], command);
    const paid = rest.includes('--paid');
    const refund = rest.includes('--refund');
    const note = option(rest, '--note');
    if (paid === refund || !note) {
      throw new CliError('withdrawal-resolve needs --paid or --refund, and --note "<what the member is told>"');
    }
    const w = await call<Withdrawal>(ctx, 'POST', `/ops/payments/withdrawals/${id}/resolve`, {
      operator: operatorName(),
      outcome: paid ? 'PAID' : 'REFUNDED',
      note,
    });
    ctx.print(
      paid
        ? `closed #${w.id}: the payout of ${taka(w.amount)} arrived`
        : `refunded #${w.id}: ${taka(w.amount)} is back in ${w.account}'s main wallet`,
    );
  },
  'payment-rules': async (ctx, rest) => {
    const settings = await call<{ paymentRules?: Record<string, unknown> }>(ctx, 'GET', '/ops/settings');
    const current = { ...(settings.paymentRules ?? {}) };
    if (rest.length) {
      if (rest.length % 2)
        throw new CliError('payment-rules takes pairs: <rule> <value> (amounts in taka), or nothing to show them');
      for (let i = 0; i < rest.length; i += 2) {
        const [key, value] = [rest[i], rest[i + 1]];
        if (value === 'default') delete current[key];
        else if (key === 'withdrawMin' || key === 'withdrawMax') current[key] = takaArg(value, key);
        else if (/^\d+(\.\d{1,2})?$/.test(value)) current[key] = Number(value);
        else throw new CliError(`${key}: "${value}" is not a number`);
      }
      await call(ctx, 'PUT', '/ops/settings/paymentRules', { value: current });
    }
    for (const [key, def] of Object.entries(PAYMENT_RULE_DEFAULTS)) {
      const set = key in current;
      const v = set ? current[key] : def;
      const shown = key === 'withdrawMin' || key === 'withdrawMax' ? taka(String(v)) : String(v);
      ctx.print(`${key.padEnd(28)} ${shown}${set ? '' : ' (default)'}`);
    }
  },
  'payment-checks': async (ctx) => {
    const r = await call<{ expired: number; paid: number; failed: number; autoReceived: number }>(
      ctx,
      'POST',
      '/ops/payments/jobs/run',
    );
    ctx.print(
      `deposits: ${r.expired} expired, ${r.paid} found paid, ${r.failed} found failed; withdrawals: ${r.autoReceived} counted as received`,
    );
  },
};

/** Deposits and withdrawals: channels, orders, the withdrawal queue and the payment rules. */
export const paymentCommands: CommandSet = {
  usage: `  channels                            the deposit channels: limits, fee, quick amounts, on/off, order
  channel-set <CODE> [--min T] [--max T] [--fee-percent P] [--fee-fixed T] [--enable|--disable]
              [--order N] [--quick T,T,...] [--name X] [--name-bn Y]
                                      change a deposit channel (amounts in taka)
  deposits [--status S] [--account A] recent deposit orders (PENDING, PAID, FAILED, EXPIRED)
  deposit <order-no>                  one deposit order
  withdrawals [--status S] [--account A]
                                      the withdrawal queue (PENDING, oldest first; APPROVED, REJECTED, DISPUTED, ALL)
  withdrawal <id>                     one withdrawal with the member's confirmation and proof images
  withdrawal-approve <id> [--reference R]
                                      the money was sent: record the payout
  withdrawal-reject <id> --reason "…" refuse it; the amount returns to the member's main wallet
  withdrawal-resolve <id> --paid|--refund --note "…"
                                      close a "not received" report: the payout arrived, or refund it
  payment-rules [<rule> <value>|default ...]
                                      show or set the payment rules (limits, daily count, turnover, time-outs)
  payment-checks                      run the scheduled checks now (expire deposits, auto-receive withdrawals)`,
  commands,
};
