import { call, CliError, type Command, type CommandSet } from './kit';
import { operatorName } from './wallet.commands';
import { RG_SELF_EXCLUSION_PERIODS, RG_TIMEOUT_PERIODS } from '@khela/api/rg';

interface Exclusion {
  kind: 'TIMEOUT' | 'SELF_EXCLUSION';
  from: string;
  until: string | null;
}

interface Profile {
  account: string;
  limits: {
    kind: string;
    period: string;
    amount: string | null;
    used: string;
    pending: { amount: string | null; effectiveAt: string } | null;
  }[];
  realityCheckMinutes: number | null;
  sessionLimitMinutes: number | null;
  exclusion: Exclusion | null;
  history: { action: string; actor: string; at: string; detail: unknown }[];
}

const PERIODS: readonly string[] = [...RG_TIMEOUT_PERIODS, ...RG_SELF_EXCLUSION_PERIODS];
const when = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) + 'Z' : 'permanent');
const taka = (minor: string | null) => (minor === null ? 'none' : `৳${(Number(minor) / 100).toFixed(2)}`);
const describe = (e: Exclusion) =>
  `${e.kind === 'TIMEOUT' ? 'time-out' : 'self-exclusion'} from ${when(e.from)} until ${when(e.until)}`;

const commands: Record<string, Command> = {
  'self-exclude': async (ctx, rest) => {
    const [account, period] = rest;
    if (rest.length !== 2 || !PERIODS.includes(period)) {
      throw new CliError(`self-exclude needs an account and a period: ${PERIODS.join(', ')}`);
    }
    const e = await call<Exclusion>(ctx, 'POST', '/ops/rg/exclusions', { account, period, operator: operatorName() });
    ctx.print(`${account}: ${describe(e)}; every session ended`);
  },
  rg: async (ctx, rest) => {
    if (rest.length !== 1) throw new CliError('rg needs an account');
    const p = await call<Profile>(ctx, 'GET', `/ops/rg/members/${encodeURIComponent(rest[0])}`);
    ctx.print(`${p.account}: ${p.exclusion ? describe(p.exclusion) : 'not excluded'}`);
    ctx.print(
      `reality check: ${p.realityCheckMinutes ? `every ${p.realityCheckMinutes} min` : 'off'}; session limit: ${p.sessionLimitMinutes ? `${p.sessionLimitMinutes} min` : 'none'}`,
    );
    for (const l of p.limits.filter((l) => l.amount !== null || l.pending)) {
      const pending = l.pending ? ` (asked: ${taka(l.pending.amount)} from ${when(l.pending.effectiveAt)})` : '';
      ctx.print(`  ${l.kind.padEnd(7)} ${l.period.padEnd(5)} ${taka(l.amount)}, used ${taka(l.used)}${pending}`);
    }
    for (const h of p.history) ctx.print(`  ${when(h.at)} ${h.action} by ${h.actor}`);
  },
};

/** Responsible gambling: a member's limits and exclusion; time-outs and self-exclusions (never shorter). */
export const rgCommands: CommandSet = {
  usage: `  self-exclude <account> <24h|7d|30d|6m|1y|5y|permanent>
                                      time-out (24h, 7d, 30d) or self-exclude a member at once (cannot shorten one in force)
  rg <account>                        a member's limits, reality check, session limit, exclusion and recent changes`,
  commands,
};
