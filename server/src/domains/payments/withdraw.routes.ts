import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { COMPLAINT_MAX, PROOF_MAX_BYTES, PROOF_MAX_FILES, type WithdrawInfoDto } from '@khela/api/payments';
import { requireMember } from '../../http/auth';
import { amountsAsStrings } from './strict-amount';
import { ApiError, ok, replies } from '../../http/envelope';
import { readFilesAndText } from '../../http/multipart';
import { balanceOf } from '../wallet/ledger';
import { positiveMinorAmount } from '../wallet/wallet.schemas';
import { refuseTrialMoney } from './deposits';
import { setPaymentPassword } from './payment-password';
import { accountDto, accountSchema, withdrawalDto, withdrawalSchema } from './payments.dto';
import {
  countWithdrawalsSince,
  findWithdrawal,
  liveAccounts,
  memberPaymentRow,
  memberWithdrawals,
  proofsOf,
} from './payments.repo';
import {
  bindAccount,
  confirmReceived,
  dhakaDayStart,
  reportNotReceived,
  requestWithdrawal,
  turnoverOf,
  unbindAccount,
} from './withdrawals';

const tags = ['payments'];
const security = [{ token: [] }];
const paymentPassword = { type: 'string', minLength: 1, maxLength: 32, description: 'the 6-digit payment password' } as const;
const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 } } };
const amount = { type: 'string', pattern: '^(0|[1-9][0-9]*)$' } as const;

const infoSchema = {
  type: 'object',
  required: [
    'balance',
    'minAmount',
    'maxAmount',
    'dailyCount',
    'usedToday',
    'paymentPasswordSet',
    'payeeName',
    'accounts',
    'maxAccounts',
    'turnover',
    'confirmTimeoutMinutes',
  ],
  properties: {
    balance: { ...amount, description: 'the main wallet, poisha' },
    minAmount: amount,
    maxAmount: amount,
    dailyCount: { type: 'integer' },
    usedToday: { type: 'integer', description: 'requests today (Asia/Dhaka), rejected ones not counted' },
    paymentPasswordSet: { type: 'boolean' },
    payeeName: { type: ['string', 'null'], description: "the profile's payee name: every payout account is in this name" },
    accounts: { type: 'array', items: accountSchema },
    maxAccounts: { type: 'integer' },
    turnover: {
      type: 'object',
      required: ['multiplier', 'deposits', 'required', 'done', 'missing', 'since'],
      properties: {
        multiplier: { type: 'number' },
        deposits: amount,
        required: amount,
        done: amount,
        missing: amount,
        since: { type: ['string', 'null'] },
      },
    },
    confirmTimeoutMinutes: { type: 'integer' },
  },
};

/** The member's withdrawals: payout accounts, the payment password, requests and confirmations. */
export const withdrawRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', requireMember);
  app.addHook('preValidation', amountsAsStrings);
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: PROOF_MAX_BYTES, files: PROOF_MAX_FILES, fields: 4, fieldSize: 2048, parts: PROOF_MAX_FILES + 4 },
  });

  app.get(
    '/withdraw/info',
    {
      schema: {
        tags,
        security,
        summary: 'Everything the withdraw page needs',
        description:
          "The balance, the operator's limits and how many requests are left today, whether a payment password is set, the " +
          'payee name, the bound accounts and the turnover still missing (valid bets since the deposits made after the last ' +
          'withdrawal must reach multiplier × those deposits). 403 NEED_REAL_ACCOUNT.',
        response: replies(infoSchema),
      },
    },
    async (request, reply) => {
      const member = request.member!;
      refuseTrialMoney(member);
      const rules = await app.payments.rules();
      const [balance, row, accounts, usedToday, turnover] = await Promise.all([
        balanceOf(app.db, member.id),
        memberPaymentRow(app.db, member.id),
        liveAccounts(app.db, member.id),
        countWithdrawalsSince(app.db, member.id, dhakaDayStart(app.payments.now())),
        turnoverOf(app.db, member.id, rules),
      ]);
      reply.header('cache-control', 'no-store');
      const info: WithdrawInfoDto = {
        balance: balance.toString(),
        minAmount: rules.withdrawMin,
        maxAmount: rules.withdrawMax,
        dailyCount: rules.withdrawDailyCount,
        usedToday,
        paymentPasswordSet: !!row?.payment_password_hash,
        payeeName: row?.payee_name ?? null,
        accounts: accounts.map(accountDto),
        maxAccounts: rules.maxAccounts,
        turnover: {
          multiplier: turnover.multiplier,
          deposits: turnover.deposits.toString(),
          required: turnover.required.toString(),
          done: turnover.done.toString(),
          missing: turnover.missing.toString(),
          since: turnover.since ? new Date(turnover.since).toISOString() : null,
        },
        confirmTimeoutMinutes: rules.confirmTimeoutMinutes,
      };
      return ok(info);
    },
  );

  app.post<{ Body: { newPassword: string; confirmPassword: string; oldPassword?: string } }>(
    '/payment-password',
    {
      schema: {
        tags,
        security,
        summary: 'Sets (or changes) the payment password',
        description:
          'Six digits, not all equal nor a run (123456). The first time the session is enough; a change needs oldPassword. ' +
          '400 PAYMENT_PASSWORD_FORMAT / PAYMENT_PASSWORD_WEAK / PAYMENT_PASSWORD_MISMATCH; 409 PAYMENT_PASSWORD_SET; ' +
          '400 PAYMENT_PASSWORD_WRONG; 429 PAYMENT_PASSWORD_LOCKED.',
        body: {
          type: 'object',
          required: ['newPassword', 'confirmPassword'],
          additionalProperties: false,
          properties: { newPassword: paymentPassword, confirmPassword: paymentPassword, oldPassword: paymentPassword },
        },
        response: replies({ type: 'object', required: ['changed'], properties: { changed: { type: 'boolean' } } }),
      },
    },
    async (request) => {
      refuseTrialMoney(request.member!);
      const r = await setPaymentPassword(app, request.member!.id, request.body, await app.payments.rules());
      return ok(r, r.changed ? 'Payment password changed' : 'Payment password set');
    },
  );

  app.get(
    '/withdraw/accounts',
    {
      schema: {
        tags,
        security,
        summary: 'The bound payout accounts',
        response: replies({ type: 'array', items: accountSchema }),
      },
    },
    async (request) => {
      refuseTrialMoney(request.member!);
      return ok((await liveAccounts(app.db, request.member!.id)).map(accountDto));
    },
  );

  app.post<{
    Body: {
      method: 'BKASH' | 'NAGAD' | 'ROCKET' | 'BANK';
      accountNo: string;
      holderName: string;
      bankName?: string;
      branch?: string;
      paymentPassword: string;
    };
  }>(
    '/withdraw/accounts',
    {
      schema: {
        tags,
        security,
        summary: 'Binds a payout account',
        description:
          'bKash / Nagad: a Bangladesh mobile number 01[3-9]XXXXXXXX (Rocket: with or without its check digit); BANK: 8 to 20 ' +
          "digits with bankName and branch. holderName must be the profile's payee name (set by the first binding when the " +
          'profile has none, fixed afterwards). Needs the payment password. 400 ACCOUNT_NUMBER_INVALID / HOLDER_NAME_INVALID / ' +
          'PAYEE_NAME_MISMATCH / BANK_DETAILS_REQUIRED / PAYMENT_PASSWORD_WRONG; 409 ACCOUNT_ALREADY_BOUND / TOO_MANY_ACCOUNTS / ' +
          'PAYMENT_PASSWORD_NOT_SET; 429 PAYMENT_PASSWORD_LOCKED.',
        body: {
          type: 'object',
          required: ['method', 'accountNo', 'holderName', 'paymentPassword'],
          additionalProperties: false,
          properties: {
            method: { type: 'string', enum: ['BKASH', 'NAGAD', 'ROCKET', 'BANK'] },
            accountNo: { type: 'string', minLength: 1, maxLength: 32 },
            holderName: { type: 'string', minLength: 1, maxLength: 60 },
            bankName: { type: 'string', maxLength: 80 },
            branch: { type: 'string', maxLength: 80 },
            paymentPassword,
          },
        },
        response: replies(accountSchema),
      },
    },
    async (request, reply) => {
      const row = await bindAccount(app, request.member!, request.body);
      reply.code(201);
      return ok(accountDto(row), 'Account bound');
    },
  );

  app.post<{ Params: { id: number }; Body: { paymentPassword: string } }>(
    '/withdraw/accounts/:id/remove',
    {
      schema: {
        tags,
        security,
        summary: 'Removes a payout account',
        description: 'Needs the payment password. 404 ACCOUNT_NOT_FOUND.',
        params: idParams,
        body: { type: 'object', required: ['paymentPassword'], additionalProperties: false, properties: { paymentPassword } },
        response: replies({ type: 'object', required: ['removed'], properties: { removed: { type: 'boolean' } } }),
      },
    },
    async (request) => {
      await unbindAccount(app, request.member!, request.params.id, request.body.paymentPassword);
      return ok({ removed: true }, 'Account removed');
    },
  );

  app.post<{ Body: { accountId: number; amount: string; paymentPassword: string; requestKey?: string } }>(
    '/withdrawals',
    {
      schema: {
        tags,
        security,
        summary: 'Requests a withdrawal',
        description:
          'The amount leaves the main wallet at once (held as payable) until an operator pays it out or rejects it (a rejection ' +
          'returns it). 400 AMOUNT_BELOW_MIN / AMOUNT_ABOVE_MAX / PAYMENT_PASSWORD_WRONG; 404 ACCOUNT_NOT_FOUND; 409 ' +
          'INSUFFICIENT_FUNDS (value.balance) / DAILY_WITHDRAWAL_LIMIT / TURNOVER_NOT_MET (value: required, done, missing) / ' +
          'PAYMENT_PASSWORD_NOT_SET; 429 PAYMENT_PASSWORD_LOCKED; 403 NEED_REAL_ACCOUNT.',
        body: {
          type: 'object',
          required: ['accountId', 'amount', 'paymentPassword'],
          additionalProperties: false,
          properties: {
            accountId: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 },
            amount: positiveMinorAmount,
            paymentPassword,
            requestKey: { type: 'string', minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
          },
        },
        response: replies(withdrawalSchema),
      },
    },
    async (request, reply) => {
      const w = await requestWithdrawal(app, {
        member: request.member!,
        accountId: request.body.accountId,
        amount: BigInt(request.body.amount),
        paymentPassword: request.body.paymentPassword,
        requestKey: request.body.requestKey,
        ip: request.ip,
      });
      reply.code(201);
      return ok(withdrawalDto(w, []), 'Withdrawal requested');
    },
  );

  app.get<{ Querystring: { limit?: number } }>(
    '/withdrawals',
    {
      schema: {
        tags,
        security,
        summary: "The member's recent withdrawals",
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
        },
        response: replies({ type: 'array', items: withdrawalSchema }),
      },
    },
    async (request, reply) => {
      refuseTrialMoney(request.member!);
      const rows = await memberWithdrawals(app.db, request.member!.id, request.query.limit ?? 10);
      const proofs = await proofsOf(
        app.db,
        rows.map((r) => Number(r.id)),
      );
      reply.header('cache-control', 'no-store');
      return ok(rows.map((r) => withdrawalDto(r, proofs)));
    },
  );

  app.get<{ Params: { id: number } }>(
    '/withdrawals/:id',
    { schema: { tags, security, summary: 'One withdrawal', params: idParams, response: replies(withdrawalSchema) } },
    async (request) => {
      refuseTrialMoney(request.member!);
      const w = await findWithdrawal(app.db, request.params.id, request.member!.id);
      if (!w) throw new ApiError(404, 'WITHDRAWAL_NOT_FOUND', 'No such withdrawal');
      return ok(withdrawalDto(w, await proofsOf(app.db, [Number(w.id)])));
    },
  );

  app.post<{ Params: { id: number } }>(
    '/withdrawals/:id/received',
    {
      schema: {
        tags,
        security,
        summary: 'The member confirms the money arrived',
        description: 'Also after a "not received" (it arrived late). 409 WITHDRAWAL_NOT_APPROVED / ALREADY_CONFIRMED; 404.',
        params: idParams,
        response: replies(withdrawalSchema),
      },
    },
    async (request) => {
      const w = await confirmReceived(app, request.member!, request.params.id);
      return ok(withdrawalDto(w, await proofsOf(app.db, [Number(w.id)])), 'Confirmed');
    },
  );

  app.post<{ Params: { id: number } }>(
    '/withdrawals/:id/not-received',
    {
      schema: {
        tags,
        security,
        summary: 'The member reports the money did not arrive, with proof',
        description:
          `multipart/form-data: complaint (text, at most ${COMPLAINT_MAX} characters) and 1 to ${PROOF_MAX_FILES} files ` +
          '(PNG or JPEG by their bytes, at most 5 MB each). 400 PROOF_REQUIRED / PROOF_NOT_IMAGE; 413 PROOF_TOO_LARGE / ' +
          'PROOF_TOO_MANY; 409 WITHDRAWAL_NOT_APPROVED / ALREADY_CONFIRMED; 404.',
        params: idParams,
        consumes: ['multipart/form-data'],
        response: replies(withdrawalSchema),
      },
    },
    async (request) => {
      const member = request.member!;
      refuseTrialMoney(member);
      const { files, text: complaint } = await readFilesAndText(request, {
        textField: 'complaint',
        fallbackName: 'proof',
        maxFiles: PROOF_MAX_FILES,
        tooLarge: 'PROOF_TOO_LARGE',
        tooMany: 'PROOF_TOO_MANY',
      });
      const w = await reportNotReceived(app, member, request.params.id, complaint, files);
      return ok(withdrawalDto(w, await proofsOf(app.db, [Number(w.id)])), 'Reported');
    },
  );
};
