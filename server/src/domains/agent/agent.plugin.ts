import fp from 'fastify-plugin';
import { CONTRACT_KINDS, CONTRACT_PERIODS, type ContractKind, type ContractPeriod } from '@khela/api/agent';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { agentRoutes } from './agent.routes';
import { agentTransferRoutes } from './transfer.routes';
import { actOnContract, offerContract } from './contracts';
import {
  clawBackRollbacks,
  collectClawbackDebts,
  collectOwed,
  REALTIME_WINDOW_MS,
  settleDue,
  type SettlementOptions,
} from './settlement';
import { setUpline } from './tree';
import { memberIdOf, membersOfAccounts } from './agent.repo';

export interface AgentOptions extends SettlementOptions {
  /** the clock of the reports' "today" and of the settlement (tests move it) */
  now?: () => Date;
}

const hide = true;
const anyValue = replies({ type: 'object', additionalProperties: true });

/**
 * The agent centre (issue 11): the team's pages under /wps/agent, the contracts, the settlement
 * job (every server runs it; the settlement key makes each window paid once) and its operator
 * endpoints under /ops/agents.
 */
export const agentDomain = fp<AgentOptions>(
  async (app, opts) => {
    const now = opts.now ?? (() => new Date());
    const realtimeWindowMs =
      opts.realtimeWindowMs ?? (Number(process.env.KHELA_AGENT_REALTIME_WINDOW_S) * 1000 || REALTIME_WINDOW_MS);
    const settlement: SettlementOptions = { ...opts, realtimeWindowMs };
    const settle = (signal?: AbortSignal) => settleDue(app.db, app.ledger, now(), settlement, signal);
    // then what settled windows paid on bets rolled back since, and what payers owe from windows
    // they could not cover, now that they may have money again
    const collect = async (signal?: AbortSignal) => {
      const clawedBack = await clawBackRollbacks(app.db, app.ledger, settlement, signal);
      const collected = await collectOwed(app.db, app.ledger, settlement, signal);
      return { clawedBack, collected, clawbacksCollected: await collectClawbackDebts(app.db, app.ledger, settlement, signal) };
    };

    app.jobs.define({
      name: 'agent.settlement',
      everyMs: Math.min(60_000, realtimeWindowMs),
      leaseMs: 10 * 60_000,
      run: async (ctx) => {
        await settle(ctx.signal);
        await collect(ctx.signal);
      },
    });

    await app.register(async (scope) => agentRoutes(scope, { now }));
    await app.register(agentTransferRoutes);

    await app.register(
      async (ops) => {
        guardOps(ops);
        ops.post(
          '/settle',
          {
            schema: {
              hide,
              description:
                'Settles every due contract window now, claws back what settled windows paid on bets rolled back since and ' +
                'collects what payers owe (what the schedule does); answers how many of each this call made.',
              response: anyValue,
            },
          },
          async () => {
            const settled = await settle();
            return ok({ settled, ...(await collect()) });
          },
        );
        ops.put<{ Params: { account: string }; Body: { upline: string | null } }>(
          '/:account/upline',
          {
            schema: {
              hide,
              description:
                'Places a member (with its team) under an agent, or at the top (null). 400 RECOMMENDER_NOT_CANNOT_BE_SELF, ' +
                'RECOMMENDER_NOT_CANNOT_BE_SUBORDINATE, MAX_AGENT_LEVEL_ERROR, US_CUSTOMER_NO_RIGHT_TO_REGISTER_ERROR (not an agent).',
              body: {
                type: 'object',
                required: ['upline'],
                additionalProperties: false,
                properties: { upline: { anyOf: [{ type: 'string', pattern: '^[A-Za-z0-9_]{3,32}$' }, { type: 'null' }] } },
              },
              response: anyValue,
            },
          },
          async (request) => {
            await app.db.tx(async (q) => {
              const ids = await membersOfAccounts(q, [
                request.params.account.toLowerCase(),
                request.body.upline?.toLowerCase() ?? '',
              ]);
              const idOf = (a: string) => ids.find((r) => r.account === a.toLowerCase())?.id;
              const member = idOf(request.params.account);
              const upline = request.body.upline === null ? null : idOf(request.body.upline);
              if (!member || upline === undefined) throw new ApiError(404, 'USER_NOT_EXIST', 'No such member');
              await setUpline(q, Number(member), upline === null ? null : Number(upline));
            });
            return ok({ account: request.params.account.toLowerCase(), upline: request.body.upline?.toLowerCase() ?? null });
          },
        );
        ops.post<{
          Body: { agent: string; kind: ContractKind; rateBp: number; period?: ContractPeriod; minActiveMembers?: number };
        }>(
          '/contracts',
          {
            schema: {
              hide,
              description: "The house offers a contract to a top-level agent (it pays from the house's AGENT_SALARIES account).",
              body: {
                type: 'object',
                required: ['agent', 'kind', 'rateBp'],
                additionalProperties: false,
                properties: {
                  agent: { type: 'string', pattern: '^[A-Za-z0-9_]{3,32}$' },
                  kind: { type: 'string', enum: CONTRACT_KINDS },
                  rateBp: { type: 'integer', minimum: 1, maximum: 10000 },
                  period: { type: 'string', enum: CONTRACT_PERIODS },
                  minActiveMembers: { type: 'integer', minimum: 0 },
                },
              },
              response: anyValue,
            },
          },
          async (request, reply) => {
            const b = request.body;
            const id = await app.db.tx(async (q) => {
              const m = await memberIdOf(q, b.agent.toLowerCase());
              if (m === null) throw new ApiError(404, 'USER_NOT_EXIST', `No member ${b.agent}`);
              return offerContract(q, null, m, b);
            });
            reply.code(201);
            return ok({ id });
          },
        );
        ops.post<{ Params: { id: number } }>(
          '/contracts/:id/terminate',
          {
            schema: { hide, params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } } }, response: anyValue },
          },
          async (request) => {
            const c = await app.db.tx((q) => actOnContract(q, request.params.id, null, 'TERMINATE'));
            return ok({ id: Number(c.id), status: c.status });
          },
        );
      },
      { prefix: '/ops/agents' },
    );
  },
  { name: 'agent' },
);
