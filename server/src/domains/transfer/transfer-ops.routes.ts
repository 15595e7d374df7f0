import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { takaString } from '@khela/api/money';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { memberIdByAccount } from '../wallet/wallet.repo';
import {
  connections,
  deleteConnection,
  listOrders,
  openOrdersOfVendor,
  orderByReference,
  sandboxHoldings,
  upsertConnection,
  vendorByCode,
  type TransferStatus,
} from './transfer.repo';
import { toTransferDto, transferDto, vendorCode } from './transfer.schemas';

const hide = true;

const orderRow = {
  type: 'object',
  required: [...transferDto.required, 'account', 'adapter', 'checks', 'nextCheckAt', 'lastError'],
  properties: {
    ...transferDto.properties,
    account: { type: 'string' },
    adapter: { type: 'string' },
    checks: { type: 'integer' },
    nextCheckAt: { type: ['string', 'null'], format: 'date-time' },
    lastError: { type: ['string', 'null'] },
  },
} as const;

const connectionRow = {
  type: 'object',
  required: ['vendor', 'apiUrl', 'timeoutMs', 'updatedAt'],
  properties: {
    vendor: { type: 'string' },
    apiUrl: { type: 'string' },
    timeoutMs: { type: 'integer' },
    updatedAt: { type: 'string', format: 'date-time' },
    secret: { type: 'string', description: 'shown once, when it is made' },
  },
} as const;

/** Operator endpoints of transfer wallets (X-Ops-Key): open transfers, checks, vendor connections. */
export const transferOpsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);

  app.get<{ Querystring: { status?: TransferStatus; account?: string; limit: number } }>(
    '/transfers',
    {
      schema: {
        hide,
        description: 'Transfers, newest first, by status (UNKNOWN: waiting for the vendor to tell) and member.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            status: { type: 'string', enum: ['PENDING', 'SUCCESS', 'FAILED', 'UNKNOWN'] },
            account: { type: 'string', minLength: 1, maxLength: 64 },
            limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
          },
        },
        response: replies({ type: 'array', items: orderRow }),
      },
    },
    async (request) => {
      const { status, account, limit } = request.query;
      let memberId: number | undefined;
      if (account) {
        const m = await memberIdByAccount(app.db, account);
        if (!m) throw new ApiError(404, 'USER_NOT_EXIST', `No member ${account}`);
        memberId = m.id;
      }
      const rows = await listOrders(app.db, { status, memberId, limit });
      return ok(
        rows.map((o) => ({
          ...toTransferDto(o),
          account: o.account,
          adapter: o.adapter,
          checks: o.checks,
          nextCheckAt: o.nextCheckAt?.toISOString() ?? null,
          lastError: o.lastError,
        })),
      );
    },
  );

  app.post<{ Params: { reference: string } }>(
    '/transfers/:reference/check',
    {
      schema: {
        hide,
        description: 'Asks the vendor about an open transfer now (it is also asked on its own, with a growing pause).',
        params: {
          type: 'object',
          required: ['reference'],
          properties: { reference: { type: 'string', pattern: '^T[0-9A-Z]{15,39}$' } },
        },
        response: replies(transferDto),
      },
    },
    async (request) => {
      const { reference } = request.params;
      const before = await orderByReference(app.db, reference);
      if (!before) throw new ApiError(404, 'TRANSFER_NOT_FOUND', `No transfer ${reference}`);
      if (before.status === 'PENDING' || before.status === 'UNKNOWN') await app.transfers.recheckDue({ reference });
      return ok(toTransferDto((await orderByReference(app.db, reference))!));
    },
  );

  app.get(
    '/transfer-vendors',
    {
      schema: {
        hide,
        description: 'Vendors connected to their real transfer API.',
        response: replies({ type: 'array', items: connectionRow }),
      },
    },
    async () =>
      ok(
        (await connections(app.db)).map((c) => ({
          vendor: c.vendor,
          apiUrl: c.apiUrl,
          timeoutMs: c.timeoutMs,
          updatedAt: c.updatedAt.toISOString(),
        })),
      ),
  );

  app.put<{ Params: { vendor: string }; Body: { apiUrl: string; timeoutMs: number; newSecret: boolean } }>(
    '/transfer-vendors/:vendor',
    {
      schema: {
        hide,
        description:
          'Connects a transfer-wallet vendor to its real transfer API (see domains/transfer/vendors/http.ts): the sandbox stops ' +
          'playing its side. A new shared secret is made (and shown once) on the first connection or with newSecret. ' +
          'Refused with 409 SANDBOX_FUNDS_HELD while members hold money in the sandbox’s wallets of this vendor.',
        params: { type: 'object', required: ['vendor'], properties: { vendor: vendorCode } },
        body: {
          type: 'object',
          required: ['apiUrl'],
          additionalProperties: false,
          properties: {
            apiUrl: { type: 'string', pattern: '^https?://[^\\s]+$', maxLength: 2048 },
            timeoutMs: { type: 'integer', minimum: 100, maximum: 60000, default: 5000 },
            newSecret: { type: 'boolean', default: false },
          },
        },
        response: replies(connectionRow),
      },
    },
    async (request) => {
      const code = request.params.vendor.toUpperCase();
      const vendor = await vendorByCode(app.db, code);
      if (!vendor) throw new ApiError(404, 'VENDOR_NOT_FOUND', `No vendor ${code}`);
      if (vendor.walletMode !== 'TRANSFER') throw new ApiError(409, 'VENDOR_NOT_TRANSFER_WALLET', `${code} is seamless`);
      const held = await sandboxHoldings(app.db, code);
      if (held.members > 0) {
        throw new ApiError(
          409,
          'SANDBOX_FUNDS_HELD',
          `${held.members} members hold ${takaString(held.total)} in the sandbox's ${code} wallets; they recall it first`,
          { members: held.members, total: held.total.toString() },
        );
      }
      const existing = (await connections(app.db)).find((c) => c.vendor === code);
      const secret = !existing || request.body.newSecret ? randomBytes(32).toString('base64url') : existing.secret;
      const c = await upsertConnection(app.db, {
        vendor: code,
        apiUrl: request.body.apiUrl,
        secret,
        timeoutMs: request.body.timeoutMs,
      });
      request.log.info({ vendor: code, apiUrl: c.apiUrl }, 'transfer vendor connected');
      return ok({
        vendor: c.vendor,
        apiUrl: c.apiUrl,
        timeoutMs: c.timeoutMs,
        updatedAt: c.updatedAt.toISOString(),
        ...(secret !== existing?.secret ? { secret } : {}),
      });
    },
  );

  app.delete<{ Params: { vendor: string } }>(
    '/transfer-vendors/:vendor',
    {
      schema: {
        hide,
        description:
          'Disconnects a vendor: the sandbox plays its side again. Refused with 409 TRANSFERS_OPEN while transfers to it ' +
          'are still being checked. Money members left at the vendor stays there: settle it with the vendor.',
        params: { type: 'object', required: ['vendor'], properties: { vendor: vendorCode } },
        response: replies({ type: 'null' }),
      },
    },
    async (request) => {
      const code = request.params.vendor.toUpperCase();
      const open = await openOrdersOfVendor(app.db, code);
      if (open > 0) throw new ApiError(409, 'TRANSFERS_OPEN', `${open} transfers to ${code} are still being checked`, { open });
      if (!(await deleteConnection(app.db, code))) throw new ApiError(404, 'NOT_CONNECTED', `${code} is not connected`);
      return ok(null, 'Disconnected');
    },
  );
};
