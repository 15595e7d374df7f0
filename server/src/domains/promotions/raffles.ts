// Raffles (issue 12, the spec's "raffle promotion claim"): an operator's lucky draw. A member earns
// tickets from valid bets placed in the raffle's window (one per poisha_per_ticket, at most
// max_tickets), claims them into the draw once, and after the window an operator draws once: the
// raffle's row lock and its OPEN → DRAWN status make a second or a simultaneous draw do nothing;
// winners are weighted by tickets, one place per member, each prize paid from PROMOTIONS.
import { randomInt } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { RAFFLE_PATHS, type RaffleDto } from '@khela/api/promotions';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { plainText } from '../content/sanitize';
import { requireEligibleMember, requireRealMember } from '../centre/guards';
import {
  endRaffle,
  enterRaffle,
  insertRaffle,
  insertRaffleWinner,
  lockRaffle,
  markRaffleDrawn,
  opsRaffles,
  raffleWinners,
  setEntryTickets,
  validInWindow,
  visibleRaffles,
  type NewRaffle,
} from './promotions.repo';

/** Tickets for `valid` poisha of valid bets. */
export const ticketsFor = (valid: bigint, perTicket: bigint, max: number): number => {
  const n = valid / perTicket;
  return n > BigInt(max) ? max : Number(n);
};

/**
 * Draws up to `places` winners among entries weighted by tickets, one place per entry (without
 * replacement). `rand(n)` answers an integer in [0, n).
 */
export function drawWinners<T extends { tickets: number }>(entries: T[], places: number, rand: (n: number) => number): T[] {
  const pool = entries.filter((e) => e.tickets > 0);
  const winners: T[] = [];
  while (winners.length < places && pool.length) {
    const total = pool.reduce((s, e) => s + e.tickets, 0);
    let pick = rand(total);
    const i = pool.findIndex((e) => (pick -= e.tickets) < 0);
    winners.push(pool.splice(i, 1)[0]);
  }
  return winners;
}

const mask = (account: string) => `${account.slice(0, 2)}***${account.slice(-1)}`;

export const raffleRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, opts) => {
  app.get<{ Querystring: { lang: 'BN' | 'EN' } }>(
    RAFFLE_PATHS.list,
    {
      preHandler: requireRealMember,
      schema: {
        tags: ['promotions'],
        security: [{ token: [] }],
        summary: "Raffles open now or drawn within the last week, with the member's tickets and result",
        querystring: { type: 'object', properties: { lang: { type: 'string', enum: ['BN', 'EN'], default: 'BN' } } },
        response: replies({ type: 'array', items: { type: 'object', additionalProperties: true } }),
      },
    },
    async (request, reply) => {
      const now = opts.now();
      const memberId = request.member!.id;
      const rows = await visibleRaffles(app.db, memberId, now);
      const out: RaffleDto[] = [];
      for (const r of rows) {
        const [mine] = await validInWindow(app.db, r, memberId);
        const tickets = ticketsFor(BigInt(mine?.valid ?? '0'), BigInt(r.poisha_per_ticket), r.max_tickets);
        const winners = r.status === 'DRAWN' ? await raffleWinners(app.db, r.id) : [];
        const mineWon = winners.find((w) => Number(w.member_id) === memberId);
        out.push({
          id: Number(r.id),
          title: request.query.lang === 'EN' ? r.title_en : r.title_bn,
          startsAt: r.starts_at.toISOString(),
          endsAt: r.ends_at.toISOString(),
          poishaPerTicket: String(r.poisha_per_ticket),
          maxTickets: r.max_tickets,
          prizes: r.prize_list.map(String),
          status: r.status,
          tickets,
          entered: r.entered,
          claimable: r.status === 'OPEN' && now < r.ends_at && !r.entered && tickets > 0,
          won: mineWon ? { place: mineWon.place, prize: mineWon.prize } : null,
          winners: winners.map((w) => ({ place: w.place, account: mask(w.account), prize: w.prize })),
        });
      }
      reply.header('cache-control', 'no-store');
      return ok(out);
    },
  );

  app.post<{ Body: { id: number } }>(
    RAFFLE_PATHS.claim,
    {
      preHandler: requireEligibleMember,
      schema: {
        tags: ['promotions'],
        security: [{ token: [] }],
        summary: "The raffle promotion claim: enters the member's tickets into the draw, once",
        description: '404 RAFFLE_NOT_FOUND; 409 RAFFLE_NOT_OPEN / NO_TICKETS / ALREADY_CLAIMED.',
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 } },
        },
        response: replies({ type: 'object', required: ['tickets'], properties: { tickets: { type: 'integer' } } }),
      },
    },
    async (request) => {
      const memberId = request.member!.id;
      const now = opts.now();
      const tickets = await app.db.tx(async (q) => {
        const r = await lockRaffle(q, request.body.id, 'share');
        if (!r) throw new ApiError(404, 'RAFFLE_NOT_FOUND', 'No such raffle');
        if (r.status !== 'OPEN' || now < r.starts_at || now >= r.ends_at)
          throw new ApiError(409, 'RAFFLE_NOT_OPEN', 'The raffle is not open');
        const [mine] = await validInWindow(q, r, memberId);
        const n = ticketsFor(BigInt(mine?.valid ?? '0'), BigInt(r.poisha_per_ticket), r.max_tickets);
        if (n < 1) throw new ApiError(409, 'NO_TICKETS', 'Play to earn a ticket first');
        if (!(await enterRaffle(q, r.id, memberId)))
          throw new ApiError(409, 'ALREADY_CLAIMED', 'Your tickets are in the draw already');
        return n;
      });
      return ok({ tickets }, 'Entered');
    },
  );
};

const amount = { type: 'string', pattern: '^[1-9][0-9]{0,12}$' } as const;
const operator = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 } } };
const anyObject = { type: 'object', additionalProperties: true };

/** /ops/raffles: create, list, end the ticket window early, draw once. */
export const raffleOpsRoutes: FastifyPluginAsync<{ now: () => Date }> = async (app, opts) => {
  guardOps(app);

  app.get('/', { schema: { hide: true, response: replies({ type: 'array', items: anyObject }) } }, async () =>
    ok(await opsRaffles(app.db)),
  );

  app.post<{
    Body: Omit<NewRaffle, 'createdBy'> & { operator: string };
  }>(
    '/',
    {
      schema: {
        hide: true,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['titleBn', 'titleEn', 'startsAt', 'endsAt', 'poishaPerTicket', 'maxTickets', 'prizes', 'operator'],
          properties: {
            titleBn: { type: 'string', minLength: 1, maxLength: 200 },
            titleEn: { type: 'string', minLength: 1, maxLength: 200 },
            startsAt: { type: 'string', format: 'date-time' },
            endsAt: { type: 'string', format: 'date-time' },
            poishaPerTicket: amount,
            maxTickets: { type: 'integer', minimum: 1, maximum: 100000 },
            prizes: { type: 'array', minItems: 1, maxItems: 100, items: amount },
            operator,
          },
        },
        response: replies(anyObject),
      },
    },
    async (request, reply) => {
      const b = request.body;
      const [titleBn, titleEn] = [plainText(b.titleBn), plainText(b.titleEn)];
      if (!titleBn || !titleEn) throw new ApiError(400, 'BAD_REQUEST', 'A title is empty once sanitised');
      if (new Date(b.endsAt) <= new Date(b.startsAt)) throw new ApiError(400, 'BAD_REQUEST', 'endsAt is not after startsAt');
      const row = await insertRaffle(app.db, {
        titleBn,
        titleEn,
        startsAt: b.startsAt,
        endsAt: b.endsAt,
        poishaPerTicket: b.poishaPerTicket,
        maxTickets: b.maxTickets,
        prizes: b.prizes,
        createdBy: `ops:${b.operator}`,
      });
      reply.code(201);
      return ok(row, 'Raffle created');
    },
  );

  app.post<{ Params: { id: number }; Body: { operator: string } }>(
    '/:id/end',
    {
      schema: {
        hide: true,
        params: idParams,
        body: { type: 'object', additionalProperties: false, required: ['operator'], properties: { operator } },
        response: replies(anyObject),
      },
    },
    async (request) => {
      const now = opts.now();
      const row = await endRaffle(app.db, request.params.id, now);
      if (!row) throw new ApiError(409, 'RAFFLE_NOT_OPEN', 'The raffle is not open (not started, ended or drawn)');
      return ok(row, 'Raffle ended');
    },
  );

  app.post<{ Params: { id: number }; Body: { operator: string } }>(
    '/:id/draw',
    {
      schema: {
        hide: true,
        params: idParams,
        body: { type: 'object', additionalProperties: false, required: ['operator'], properties: { operator } },
        response: replies(anyObject),
      },
    },
    async (request) => {
      const now = opts.now();
      const by = `ops:${request.body.operator}`;
      const result = await app.ledger.transact(async (tx) => {
        const r = await lockRaffle(tx.q, request.params.id, 'update');
        if (!r) throw new ApiError(404, 'RAFFLE_NOT_FOUND', 'No such raffle');
        if (r.status === 'DRAWN') throw new ApiError(409, 'ALREADY_DRAWN', 'The raffle was drawn already');
        if (now < r.ends_at) throw new ApiError(409, 'RAFFLE_NOT_ENDED', 'Tickets are still being earned');
        const entries = (await validInWindow(tx.q, r, null)).map((e) => ({
          memberId: Number(e.member_id),
          tickets: ticketsFor(BigInt(e.valid), BigInt(r.poisha_per_ticket), r.max_tickets),
        }));
        for (const e of entries) {
          await setEntryTickets(tx.q, r.id, e.memberId, e.tickets);
        }
        const winners = drawWinners(entries, r.prize_list.length, (n) => randomInt(n));
        for (const [i, w] of winners.entries()) {
          const prize = BigInt(r.prize_list[i]);
          await insertRaffleWinner(tx.q, r.id, i + 1, w.memberId, prize, w.tickets);
          await tx.post({
            key: `raffle:${r.id}:${i + 1}`,
            kind: 'RAFFLE_PRIZE',
            memberId: w.memberId,
            reference: `RAFFLE-${r.id}`,
            memo: `raffle place ${i + 1}`,
            createdBy: by,
            legs: [
              { account: { member: w.memberId }, amount: prize },
              { account: { house: 'PROMOTIONS' }, amount: -prize },
            ],
          });
        }
        await markRaffleDrawn(tx.q, r.id, by);
        return { id: Number(r.id), entries: entries.length, winners: winners.length };
      });
      return ok(result, 'Raffle drawn');
    },
  );
};
