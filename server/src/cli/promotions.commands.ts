import { call, CliError, option, type Command, type CommandSet } from './kit';

interface PromotionRow {
  id: string;
  code: string;
  category: string;
  kind: string;
  status: string;
  title_en: string;
  starts_at: string;
  ends_at: string | null;
}

interface RedemptionRow {
  id: string;
  account: string;
  title_en: string;
  quantity: number;
  points: string;
  status: string;
  created_at: string;
}

interface MissionRow {
  id: string;
  code: string;
  title_en: string;
  game_type: string | null;
  target: string;
  reward: string;
  period: string;
  status: string;
  claims: number;
}

interface EnvelopeRow {
  id: string;
  title_en: string;
  starts_at: string;
  ends_at: string;
  min_amount: string;
  max_amount: string;
  budget: string;
  remaining: string;
  claims: number;
  state: string;
}

interface RaffleRow {
  id: string;
  title_en: string;
  starts_at: string;
  ends_at: string;
  poisha_per_ticket: string;
  max_tickets: number;
  prizes: string[];
  status: string;
  entries: number;
  winners: number;
}

const idOf = (word: string | undefined, usage: string): number => {
  const id = Number(word);
  if (!Number.isSafeInteger(id) || id < 1) throw new CliError(usage);
  return id;
};

const parseJson = (text: string | undefined, what: string): Record<string, unknown> => {
  if (!text) throw new CliError(`${what} needs a JSON object`);
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('not an object');
    return v as Record<string, unknown>;
  } catch {
    throw new CliError(`${what}: not a JSON object`);
  }
};

const commands: Record<string, Command> = {
  promotion: async (ctx, rest) => {
    const args = [...rest];
    const [sub, ...more] = args;
    switch (sub) {
      case 'list': {
        const rows = await call<PromotionRow[]>(ctx, 'GET', '/ops/promotions');
        for (const r of rows) {
          ctx.print(
            `${r.id}\t${r.code}\t${r.category}\t${r.kind}\t${r.status}\t${r.title_en}\t${r.starts_at} → ${r.ends_at ?? '-'}`,
          );
        }
        return;
      }
      case 'create': {
        const r = await call<PromotionRow>(ctx, 'POST', '/ops/promotions', parseJson(more[0], 'promotion create'));
        ctx.print(`promotion ${r.id} ${r.code} created`);
        return;
      }
      case 'set': {
        const id = Number(more[0]);
        if (!Number.isSafeInteger(id) || id < 1) throw new CliError('promotion set needs <id> <json>');
        const r = await call<PromotionRow>(ctx, 'PATCH', `/ops/promotions/${id}`, parseJson(more[1], 'promotion set'));
        ctx.print(`promotion ${r.id} ${r.code} changed (${r.status})`);
        return;
      }
      case 'applications': {
        const rows = await call<{ id: string; code: string; account: string; bonus_amount: string; applied_at: string }[]>(
          ctx,
          'GET',
          '/ops/promotions/applications',
        );
        if (!rows.length) ctx.print('no applications waiting');
        for (const r of rows) ctx.print(`${r.id}\t${r.code}\t${r.account}\tbonus ${r.bonus_amount} poisha\t${r.applied_at}`);
        return;
      }
      case 'approve':
      case 'reject': {
        const reason = option(more, '--reason');
        const id = Number(more[0]);
        if (!Number.isSafeInteger(id) || id < 1) throw new CliError(`promotion ${sub} needs <application id>`);
        const r = await call<{ status: string }>(ctx, 'POST', `/ops/promotions/applications/${id}`, {
          decision: sub,
          operator: ctx.operator ?? 'operator',
          ...(reason ? { reason } : {}),
        });
        ctx.print(`application ${id}: ${r.status}`);
        return;
      }
      default:
        throw new CliError(
          'promotion needs list | create <json> | set <id> <json> | applications | approve <id> | reject <id> [--reason TEXT]',
        );
    }
  },
  points: async (ctx, rest) => {
    const args = [...rest];
    const [sub, ...more] = args;
    if (sub === 'settings') {
      const ratio = option(more, '--poisha-per-point');
      const min = option(more, '--min-convert');
      if (!ratio && !min) throw new CliError('points settings needs --poisha-per-point N and/or --min-convert N');
      const r = await call<{ poisha_per_point: string; min_convert: string }>(ctx, 'PUT', '/ops/points/settings', {
        ...(ratio ? { poishaPerPoint: ratio } : {}),
        ...(min ? { minConvert: min } : {}),
      });
      ctx.print(`points: 1 point per ${r.poisha_per_point} poisha of valid bets; convert at least ${r.min_convert}`);
      return;
    }
    if (sub === 'approve' || sub === 'reject') {
      const id = Number(more[0]);
      if (!Number.isSafeInteger(id) || id < 1) throw new CliError(`points ${sub} needs <redemption id>`);
      const r = await call<{ status: string }>(ctx, 'POST', `/ops/points/redemptions/${id}`, {
        decision: sub,
        operator: ctx.operator ?? 'operator',
      });
      ctx.print(`redemption ${id}: ${r.status}`);
      return;
    }
    if (sub === 'redemptions') {
      const status = option(more, '--status');
      const account = option(more, '--account');
      if (status && !['IN_PROCESS', 'REJECTED', 'APPROVED'].includes(status)) {
        throw new CliError('points redemptions --status takes IN_PROCESS, REJECTED or APPROVED');
      }
      const query = new URLSearchParams({ ...(status ? { status } : {}), ...(account ? { account } : {}) }).toString();
      const rows = await call<RedemptionRow[]>(ctx, 'GET', `/ops/points/redemptions${query ? `?${query}` : ''}`);
      if (!rows.length) ctx.print('no redemptions');
      for (const r of rows) {
        ctx.print(`${r.id}\t${r.account}\t${r.title_en} x${r.quantity}\t${r.points} points\t${r.status}\t${r.created_at}`);
      }
      return;
    }
    throw new CliError(
      'points needs settings [--poisha-per-point N] [--min-convert N] | redemptions [--status S] [--account A] | approve <id> | reject <id>',
    );
  },
  mission: async (ctx, rest) => {
    const [sub, ...more] = rest;
    switch (sub) {
      case 'list': {
        const rows = await call<MissionRow[]>(ctx, 'GET', '/ops/missions');
        for (const r of rows) {
          ctx.print(
            `${r.id}\t${r.code}\t${r.status}\t${r.period}\t${r.game_type ?? 'ALL'}\ttarget ${r.target}\treward ${r.reward}\t${r.claims} claims\t${r.title_en}`,
          );
        }
        return;
      }
      case 'create': {
        const r = await call<{ id: string; code: string }>(ctx, 'POST', '/ops/missions', parseJson(more[0], 'mission create'));
        ctx.print(`mission ${r.id} ${r.code} created`);
        return;
      }
      case 'close': {
        const id = idOf(more[0], 'mission close needs <id>');
        const r = await call<{ id: string; code: string }>(ctx, 'POST', `/ops/missions/${id}/close`, {
          operator: ctx.operator ?? 'operator',
        });
        ctx.print(`mission ${r.id} ${r.code} closed`);
        return;
      }
      default:
        throw new CliError('mission needs list | create <json> | close <id>');
    }
  },
  raffle: async (ctx, rest) => {
    const [sub, ...more] = rest;
    const by = { operator: ctx.operator ?? 'operator' };
    switch (sub) {
      case 'list': {
        const rows = await call<RaffleRow[]>(ctx, 'GET', '/ops/raffles');
        if (!rows.length) ctx.print('no raffles');
        for (const r of rows) {
          ctx.print(
            `${r.id}\t${r.status}\t${r.starts_at} → ${r.ends_at}\t1 ticket per ${r.poisha_per_ticket} poisha (max ${r.max_tickets})\tprizes ${r.prizes.join('/')}\t${r.entries} entries\t${r.winners} winners\t${r.title_en}`,
          );
        }
        return;
      }
      case 'create': {
        const r = await call<{ id: string }>(ctx, 'POST', '/ops/raffles', { ...by, ...parseJson(more[0], 'raffle create') });
        ctx.print(`raffle ${r.id} created`);
        return;
      }
      case 'end': {
        const id = idOf(more[0], 'raffle end needs <id>');
        const r = await call<{ ends_at: string }>(ctx, 'POST', `/ops/raffles/${id}/end`, by);
        ctx.print(`raffle ${id}: tickets stopped at ${r.ends_at}`);
        return;
      }
      case 'draw': {
        const id = idOf(more[0], 'raffle draw needs <id>');
        const r = await call<{ entries: number; winners: number }>(ctx, 'POST', `/ops/raffles/${id}/draw`, by);
        ctx.print(`raffle ${id} drawn: ${r.winners} winners among ${r.entries} entries`);
        return;
      }
      default:
        throw new CliError('raffle needs list | create <json> | end <id> | draw <id>');
    }
  },
  'red-envelope': async (ctx, rest) => {
    const [sub, ...more] = rest;
    switch (sub) {
      case 'list': {
        const rows = await call<EnvelopeRow[]>(ctx, 'GET', '/ops/red-envelopes');
        if (!rows.length) ctx.print('no red envelopes');
        for (const r of rows) {
          ctx.print(
            `${r.id}\t${r.state}\t${r.starts_at} → ${r.ends_at}\t${r.min_amount}-${r.max_amount} poisha\t${r.remaining}/${r.budget} left\t${r.claims} claims\t${r.title_en}`,
          );
        }
        return;
      }
      case 'create': {
        const body = parseJson(more[0], 'red-envelope create');
        const r = await call<{ id: string }>(ctx, 'POST', '/ops/red-envelopes', {
          operator: ctx.operator ?? 'operator',
          ...body,
        });
        ctx.print(`red envelope ${r.id} scheduled`);
        return;
      }
      case 'close': {
        const id = idOf(more[0], 'red-envelope close needs <id>');
        const r = await call<{ id: string; remaining: string }>(ctx, 'POST', `/ops/red-envelopes/${id}/close`, {
          operator: ctx.operator ?? 'operator',
        });
        ctx.print(`red envelope ${r.id} closed (${r.remaining} poisha unpaid)`);
        return;
      }
      default:
        throw new CliError('red-envelope needs list | create <json> | close <id>');
    }
  },
};

/** Promotions and the points mall: operators define promotions, decide applications and redemptions. */
export const promotionCommands: CommandSet = {
  usage: `  promotion list | create <json> | set <id> <json> | applications | approve <id> | reject <id> [--reason TEXT]
                                      promotions (content sanitised by the server) and bonus applications
  points settings [--poisha-per-point N] [--min-convert N] | redemptions [--status S] [--account A] | approve <id> | reject <id>
                                      the points ratio and the points-mall redemptions
  mission list | create <json> | close <id>
                                      missions measured from bet records (a closed one is hidden from members)
  red-envelope list | create <json> | close <id>
                                      timed red-envelope drops (closing one ends it now)
  raffle list | create <json> | end <id> | draw <id>
                                      raffles: tickets from valid bets in the window, drawn once after it`,
  commands,
};
