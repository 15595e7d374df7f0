import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { takaString } from '@khela/api/money';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { audit, houseBalance, type HouseAccount } from './ledger';
import { withLedgerRefusals } from './ledger-errors';
import { minorAmount, balanceAmount } from './wallet.schemas';
import { memberIdByAccount, vendorExists, walletLines } from './wallet.repo';
import { rotateVendorSecret, ROTATION_GRACE_S } from './vendor-secrets';

const hide = true;
const HOUSE_ACCOUNTS: HouseAccount[] = [
  'PAYMENT_CLEARING',
  'PAYMENT_FEES',
  'GAME_REVENUE',
  'MANUAL_ADJUSTMENTS',
  'WITHDRAWALS_PAYABLE',
  'VENDOR_CLEARING',
  'AGENT_SALARIES',
  'PROMOTIONS',
];

interface AdjustBody {
  account: string;
  amount: string;
  reason: string;
  operator: string;
  key?: string;
}

const walletsValue = {
  type: 'object',
  required: ['account', 'memberId', 'wallets', 'sumBalance'],
  properties: {
    account: { type: 'string' },
    memberId: { type: 'integer' },
    sumBalance: balanceAmount,
    wallets: {
      type: 'array',
      items: {
        type: 'object',
        required: ['walletCode', 'type', 'balance'],
        properties: { walletCode: { type: 'string' }, type: { type: 'string' }, balance: balanceAmount },
      },
    },
  },
};

/** Operator endpoints of the wallet (X-Ops-Key): manual adjustments, balances and the ledger audit. */
export const walletOpsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);

  app.post<{ Body: AdjustBody }>(
    '/adjustments',
    {
      schema: {
        hide,
        description:
          "A manual adjustment of a member's main wallet against the house's MANUAL_ADJUSTMENTS account, recorded with who " +
          '(operator) and why (reason). Refused with 409 INSUFFICIENT_FUNDS if it would make the balance negative. key makes a ' +
          'retry safe (the same key moves nothing twice).',
        body: {
          type: 'object',
          required: ['account', 'amount', 'reason', 'operator'],
          additionalProperties: false,
          properties: {
            account: { type: 'string', minLength: 1, maxLength: 64 },
            amount: { ...minorAmount, pattern: '^-?[1-9][0-9]{0,14}$' },
            reason: { type: 'string', minLength: 3, maxLength: 500, pattern: '\\S' },
            operator: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.@-]+$' },
            key: { type: 'string', minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' },
          },
        },
        response: replies({
          type: 'object',
          required: ['transactionId', 'balance', 'replayed'],
          properties: { transactionId: { type: 'integer' }, balance: balanceAmount, replayed: { type: 'boolean' } },
        }),
      },
    },
    async (request) => {
      const b = request.body;
      const member = await memberIdByAccount(app.db, b.account);
      if (!member) throw new ApiError(404, 'USER_NOT_EXIST', `No member ${b.account}`);
      if (member.type === 4) throw new ApiError(409, 'TRIAL_ACCOUNT', 'A trial account holds no money');
      const amount = BigInt(b.amount);
      const result = await withLedgerRefusals(() =>
        app.ledger.post({
          key: `adjust:${b.key ?? randomUUID()}`,
          kind: 'ADJUSTMENT',
          memberId: member.id,
          memo: b.reason.trim(),
          createdBy: `ops:${b.operator}`,
          meta: { operator: b.operator, ip: request.ip },
          legs: [
            { account: { member: member.id }, amount },
            { account: { house: 'MANUAL_ADJUSTMENTS' }, amount: -amount },
          ],
        }),
      );
      const main = result.balances.find((x) => x.wallet === 'MAIN');
      request.log.info({ account: b.account, amount: takaString(amount), operator: b.operator }, 'manual adjustment');
      return ok(
        { transactionId: result.transactionId, balance: (main?.balance ?? BigInt(0)).toString(), replayed: result.replayed },
        result.replayed ? 'Already adjusted' : 'Adjusted',
      );
    },
  );

  app.get<{ Params: { account: string } }>(
    '/members/:account',
    {
      schema: {
        hide,
        params: {
          type: 'object',
          required: ['account'],
          properties: { account: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: replies(walletsValue),
      },
    },
    async (request) => {
      const member = await memberIdByAccount(app.db, request.params.account);
      if (!member) throw new ApiError(404, 'USER_NOT_EXIST', `No member ${request.params.account}`);
      const lines = await walletLines(app.db, member.id);
      return ok({
        account: request.params.account.toLowerCase(),
        memberId: member.id,
        sumBalance: lines.reduce((s, l) => s + l.balance, BigInt(0)).toString(),
        wallets: lines.map((l) => ({ walletCode: l.walletCode, type: l.type, balance: l.balance.toString() })),
      });
    },
  );

  app.get(
    '/house',
    {
      schema: {
        hide,
        response: replies({
          type: 'array',
          items: {
            type: 'object',
            required: ['account', 'balance'],
            properties: { account: { type: 'string' }, balance: minorAmount },
          },
        }),
      },
    },
    async () => {
      const rows = [];
      for (const house of HOUSE_ACCOUNTS) rows.push({ account: house, balance: (await houseBalance(app.db, house)).toString() });
      return ok(rows);
    },
  );

  app.get(
    '/audit',
    {
      schema: {
        hide,
        description:
          'Checks the whole ledger (read-only): entries sum to zero, transactions balance, balances match their entries.',
        response: replies({
          type: 'object',
          required: ['total', 'transactions', 'entries', 'anomalies'],
          properties: {
            total: minorAmount,
            transactions: { type: 'integer' },
            entries: { type: 'integer' },
            anomalies: { type: 'array', items: { type: 'string' } },
          },
        }),
      },
    },
    async () => {
      const report = await audit(app.db);
      return ok({ ...report, total: report.total.toString() });
    },
  );

  app.post<{ Params: { code: string } }>(
    '/vendors/:code/secret',
    {
      schema: {
        hide,
        description:
          "A new wallet-API secret for a vendor, answered once (only the vendor's systems should hold it). The previous secret " +
          'keeps working for a day, so a connected vendor can switch without a refused call.',
        params: { type: 'object', required: ['code'], properties: { code: { type: 'string', pattern: '^[A-Za-z0-9_]{2,32}$' } } },
        response: replies({
          type: 'object',
          required: ['vendor', 'secret', 'previousValidHours'],
          properties: { vendor: { type: 'string' }, secret: { type: 'string' }, previousValidHours: { type: 'integer' } },
        }),
      },
    },
    async (request) => {
      const code = request.params.code.toUpperCase();
      if (!(await vendorExists(app.db, code))) throw new ApiError(404, 'VENDOR_NOT_FOUND', `No vendor ${code}`);
      const secret = await app.db.tx((q) => rotateVendorSecret(q, code));
      request.log.info({ vendor: code }, 'vendor wallet secret rotated');
      return ok({ vendor: code, secret, previousValidHours: ROTATION_GRACE_S / 3600 }, 'Secret rotated');
    },
  );
};
