import type { FastifyPluginAsync } from 'fastify';
import { CURRENCY, CURRENCY_SYMBOL } from '@khela/api/money';
import type { WalletBalanceDto } from '@khela/api/live';
import { requireMember } from '../../http/auth';
import { ok, replies } from '../../http/envelope';
import { langOf } from '../game/game.http';
import { balanceAmount } from './wallet.schemas';
import { isSingleWallet, walletLines, type WalletLine } from './wallet.repo';

const tags = ['wallet'];
const security = [{ token: [] }];

export const walletValue = {
  type: 'object',
  required: ['sumBalance', 'currency', 'currencySymbol', 'isSingle', 'wallets'],
  properties: {
    sumBalance: { ...balanceAmount, description: 'the total of every wallet listed, in poisha' },
    currency: { type: 'string', const: CURRENCY },
    currencySymbol: { type: 'string' },
    isSingle: { type: 'boolean', description: 'true when no vendor uses a transfer wallet (one balance only)' },
    wallets: {
      type: 'array',
      items: {
        type: 'object',
        required: ['walletCode', 'walletName', 'type', 'balance'],
        properties: {
          walletCode: { type: 'string', description: 'MAIN, BONUS, or the vendor code of a transfer wallet' },
          walletName: { type: 'string' },
          type: { type: 'string', enum: ['MAIN', 'TRANSFER', 'BONUS'] },
          balance: balanceAmount,
        },
      },
    },
  },
} as const;

/**
 * The balance call's value from a member's wallet lines (none for a trial account: one main wallet
 * at 0). The live channel pushes the same value after every movement (domains/live).
 */
export function balanceValue(lines: WalletLine[], lang: 'BN' | 'EN'): WalletBalanceDto {
  const sum = lines.reduce((s, l) => s + l.balance, BigInt(0));
  return {
    sumBalance: sum.toString(),
    currency: CURRENCY,
    currencySymbol: CURRENCY_SYMBOL,
    isSingle: !lines.some((l) => l.type === 'TRANSFER'),
    wallets: (lines.length
      ? lines
      : [
          {
            walletCode: 'MAIN',
            walletName: 'Main wallet',
            walletNameBn: 'প্রধান ওয়ালেট',
            type: 'MAIN' as const,
            balance: BigInt(0),
          },
        ]
    ).map((l) => ({
      walletCode: l.walletCode,
      walletName: (lang === 'BN' && l.walletNameBn) || l.walletName,
      type: l.type,
      balance: l.balance.toString(),
    })),
  };
}

/** The member's balances: the header, the wallet pages and the transfer page read them. */
export const walletRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { typeId?: number } }>(
    '/wps/v2/wallets/balance',
    {
      preHandler: requireMember,
      schema: {
        tags,
        security,
        summary: "The member's balance",
        description:
          'value.sumBalance is the total of all wallets in poisha (a string of digits); value.wallets lists the main wallet, ' +
          'one wallet per transfer-wallet vendor and the bonus wallet once used. A trial account has no money: all 0. ' +
          'typeId is accepted for the original client (0: all wallets). 401 NOT_LOGGED_IN.',
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { typeId: { type: 'integer', minimum: 0, maximum: 9 } },
        },
        response: replies(walletValue),
      },
    },
    async (request, reply) => {
      const member = request.member!;
      const lang = langOf(request);
      const lines = member.type === 4 ? [] : await walletLines(app.db, member.id);
      reply.header('cache-control', 'no-store');
      return ok(balanceValue(lines, lang));
    },
  );

  app.get(
    '/wps/v2/wallets/merchant',
    {
      schema: {
        tags,
        summary: "The merchant's wallet setup",
        description: 'isSingle: true when every vendor is seamless (one balance), false when some use a transfer wallet.',
        response: replies({ type: 'object', required: ['isSingle'], properties: { isSingle: { type: 'boolean' } } }),
      },
    },
    async () => ok({ isSingle: await isSingleWallet(app.db) }),
  );
};
