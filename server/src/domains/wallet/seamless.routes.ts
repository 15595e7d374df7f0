import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { signatureMatches, SIGNATURE_HEADER } from './signature';
import { createSeamlessWallet, type WalletAnswer, type WalletStatus } from './seamless.service';
import { createSecretCache } from './vendor-secrets';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body as it arrived (the wallet API signs the raw bytes). */
    rawBody?: string;
  }
}

const tags = ['seamless wallet'];
const ID = { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' } as const;
const VENDOR = { type: 'string', pattern: '^[A-Z0-9_]{2,32}$' } as const;
const TOKEN = { type: 'string', minLength: 1, maxLength: 200 } as const;
const AMOUNT = { type: 'string', pattern: '^(0|[1-9][0-9]{0,16})$', description: 'poisha as a string of digits' } as const;
const CURRENCY = { type: 'string', enum: ['BDT'] } as const;
const GAME = { type: 'string', pattern: '^[A-Za-z0-9_]{2,48}$' } as const;

const STATUSES: WalletStatus[] = [
  'OK',
  'INSUFFICIENT_FUNDS',
  'INVALID_SIGNATURE',
  'INVALID_TOKEN',
  'BET_NOT_FOUND',
  'ALREADY_ROLLED_BACK',
  'BAD_REQUEST',
  'LIMIT_REACHED',
];
const walletAnswer = {
  type: 'object',
  required: ['status', 'balance'],
  properties: {
    status: { type: 'string', enum: STATUSES },
    balance: {
      type: 'string',
      description: 'poisha, the wallet the vendor plays from, after this call ("0" for an unknown caller)',
    },
  },
} as const;
const responses = { 200: walletAnswer, 400: walletAnswer, 401: walletAnswer };

const body = (required: string[], extra: Record<string, object> = {}) => ({
  type: 'object',
  required: ['vendor', 'token', ...required],
  additionalProperties: false,
  properties: { vendor: VENDOR, token: TOKEN, ...extra },
});
const betBody = body(['transactionId', 'roundId', 'gameCode', 'amount', 'currency'], {
  transactionId: ID,
  roundId: ID,
  gameCode: GAME,
  amount: AMOUNT,
  currency: CURRENCY,
});
const settleBody = body(['transactionId', 'referenceTransactionId', 'roundId', 'gameCode', 'amount', 'currency'], {
  transactionId: ID,
  referenceTransactionId: ID,
  roundId: ID,
  gameCode: GAME,
  amount: AMOUNT,
  currency: CURRENCY,
});
const balanceBody = body([], { currency: CURRENCY });

const COMMON =
  "Called by game vendors (and the platform's own games). JSON body; header X-Khela-Signature: the hex HMAC-SHA256 of the raw " +
  "body under the vendor's secret (`npm run ops -- vendor-secret <vendor>`). token: the launch's wallet token (the game " +
  'address carries it as its `token` query parameter). Amounts are poisha as strings of digits, currency BDT. Every ' +
  "answer is { status, balance }: HTTP 200 for OK, INSUFFICIENT_FUNDS, LIMIT_REACHED (a bet over the member's own loss " +
  'limit), BET_NOT_FOUND and ALREADY_ROLLED_BACK; 401 for ' +
  'INVALID_SIGNATURE and INVALID_TOKEN; 400 for BAD_REQUEST. A repeated transactionId gets the first answer and moves nothing.';

const httpStatus = (status: WalletStatus) =>
  status === 'BAD_REQUEST' ? 400 : status === 'INVALID_SIGNATURE' || status === 'INVALID_TOKEN' ? 401 : 200;

const send = (reply: FastifyReply, a: WalletAnswer) => reply.code(httpStatus(a.status)).send(a);

/**
 * The seamless-wallet API under /wallet/v1: balance, bet, win, rollback. Its own content parser
 * keeps the raw body (the signature covers the exact bytes), its own error handler answers every
 * refusal as `{ status, balance }` instead of the storefront's envelope.
 */
export const seamlessRoutes: FastifyPluginAsync = async (app) => {
  const wallet = createSeamlessWallet(app.db, app.ledger);
  const secrets = createSecretCache(app.db);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (request, raw, done) => {
    request.rawBody = raw as string;
    try {
      done(null, JSON.parse(raw as string));
    } catch {
      const err = new Error('the body is not JSON') as FastifyError;
      err.statusCode = 400;
      done(err, undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if ((error.statusCode ?? 500) >= 500) {
      request.log.error({ err: error }, 'wallet API failure');
      return reply.code(500).send({ status: 'BAD_REQUEST', balance: '0' });
    }
    return send(reply, { status: 'BAD_REQUEST', balance: '0' });
  });

  // The signature is checked before the body's schema, on the raw bytes, with the secrets of the
  // vendor the body names: an unsigned or forged call learns nothing, not even whether it is valid.
  app.addHook('preValidation', async (request: FastifyRequest<{ Body: { vendor?: unknown } }>, reply) => {
    const vendorCode = typeof request.body?.vendor === 'string' ? request.body.vendor : '';
    const given = request.headers[SIGNATURE_HEADER];
    const known = /^[A-Z0-9_]{2,32}$/.test(vendorCode) ? await secrets.get(vendorCode) : [];
    if (!known.length || !signatureMatches(known, request.rawBody ?? '', typeof given === 'string' ? given : undefined)) {
      return send(reply, { status: 'INVALID_SIGNATURE', balance: '0' });
    }
  });

  const schema = (summary: string, description: string, b: object) => ({
    tags,
    summary,
    description: `${description} ${COMMON}`,
    body: b,
    headers: { type: 'object', required: [SIGNATURE_HEADER], properties: { [SIGNATURE_HEADER]: { type: 'string' } } },
    response: responses,
  });

  app.post<{ Body: { vendor: string; token: string } }>(
    '/balance',
    {
      schema: schema(
        'Balance',
        'The balance of the wallet the member plays this vendor from. Needs a live session.',
        balanceBody,
      ),
    },
    async (request, reply) => send(reply, await wallet.balance(request.body)),
  );

  app.post<{ Body: Parameters<typeof wallet.bet>[0] }>(
    '/bet',
    {
      schema: schema(
        'Bet',
        'Debits the stake (amount > 0) and opens a bet record. Needs a live real-money session of this vendor and a game of ' +
          'this vendor. INSUFFICIENT_FUNDS moves nothing. A bet whose transactionId was rolled back earlier is refused ' +
          '(ALREADY_ROLLED_BACK).',
        betBody,
      ),
    },
    async (request, reply) => send(reply, await wallet.bet(request.body)),
  );

  app.post<{ Body: Parameters<typeof wallet.win>[0] }>(
    '/win',
    {
      schema: schema(
        'Win',
        "Credits a bet's payout (amount >= 0; 0 settles a lost round) and settles its record. referenceTransactionId names the " +
          'bet: BET_NOT_FOUND if it was never placed, ALREADY_ROLLED_BACK if it was rolled back. An expired session is accepted.',
        settleBody,
      ),
    },
    async (request, reply) => send(reply, await wallet.win(request.body)),
  );

  app.post<{ Body: Parameters<typeof wallet.rollback>[0] }>(
    '/rollback',
    {
      schema: schema(
        'Rollback',
        'Cancels a bet (referenceTransactionId): the stake comes back, and any wins already paid on it are taken back ' +
          '(INSUFFICIENT_FUNDS if the member no longer holds them). A rollback of a bet never seen is recorded and answered ' +
          'OK, and that bet is refused if it arrives later. A second rollback: ALREADY_ROLLED_BACK. The amount is informational.',
        settleBody,
      ),
    },
    async (request, reply) => send(reply, await wallet.rollback(request.body)),
  );
};
