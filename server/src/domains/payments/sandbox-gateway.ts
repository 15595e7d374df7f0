// The sandbox gateway: a payment service provider that ships with the platform, so deposits work
// end to end before a real PSP is connected. It keeps its own book (sandbox_gateway_payments, the
// PSP's side), serves its own small payment page (approve or decline, BN and EN, no script), and
// notifies the platform exactly as an outside PSP would: a POST of a JSON body to the callback
// path, signed with HMAC-SHA256 of the raw body under the gateway's secret (X-Sandbox-Signature).
// It credits wallets without real money, so it is off in production unless an operator says
// otherwise (KHELA_SANDBOX_PAYMENTS=1).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { formatTaka } from '@khela/api/money';
import type { PaymentMethod } from '@khela/api/payments';
import type { Queryable } from '../../db/db';
import { signBody, signatureMatches } from '../wallet/signature';
import { gatewaySecret, type CallbackHeaders, type GatewayEvent, type PaymentGateway } from './gateway';

export const SANDBOX = 'SANDBOX';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_PAGE_PREFIX = '/wps/payments/sandbox/pay/';
const CALLBACK_PREFIX = '/wps/payments/callback/';

interface SandboxRow {
  order_no: string;
  psp_txn_id: string;
  method: PaymentMethod;
  amount: string;
  status: 'OPEN' | 'PAID' | 'DECLINED';
  notify_path: string;
  return_path: string | null;
  created_at: Date;
  expires_at: Date;
  decided_at: Date | null;
  notified_at: Date | null;
  notify_status: number | null;
}

const COLUMNS = `order_no, psp_txn_id, method, amount::text, status, notify_path, return_path, created_at, expires_at, decided_at,
  notified_at, notify_status`;

const findPayment = (q: Queryable, orderNo: string) =>
  q.one<SandboxRow>(`SELECT ${COLUMNS} FROM sandbox_gateway_payments WHERE order_no = $1`, [orderNo]);

/** Decides an open, unexpired payment (the payer's click on the sandbox page): false when it was not open. */
async function decidePayment(q: Queryable, orderNo: string, status: 'PAID' | 'DECLINED', now: Date): Promise<boolean> {
  const decided = await q.query(
    `UPDATE sandbox_gateway_payments SET status = $2, decided_at = now()
      WHERE order_no = $1 AND status = 'OPEN' AND expires_at > $3 RETURNING order_no`,
    [orderNo, status, now],
  );
  return decided.length > 0;
}

/** The callback body the sandbox sends: what a PSP's notification usually carries. */
export interface SandboxNotification {
  orderNo: string;
  txnId: string;
  status: 'PAID' | 'FAILED';
  amount: string;
  currency: 'BDT';
  eventId: string;
  eventTime: string;
}

export function createSandboxGateway(app: FastifyInstance): PaymentGateway {
  return {
    code: SANDBOX,
    async createPayment(input) {
      if (!input.notifyPath.startsWith(CALLBACK_PREFIX)) throw new Error('the sandbox notifies paths of this server only');
      const txn = `SBX${randomBytes(9).toString('hex').toUpperCase()}`;
      await app.db.query(
        `INSERT INTO sandbox_gateway_payments (order_no, psp_txn_id, method, amount, status, notify_path, return_path, expires_at)
         VALUES ($1, $2, $3, $4::bigint, 'OPEN', $5, $6, $7) ON CONFLICT (order_no) DO NOTHING`,
        [input.orderNo, txn, input.method, input.amount.toString(), input.notifyPath, input.returnPath, input.expiresAt],
      );
      const row = await findPayment(app.db, input.orderNo);
      return {
        payUrl: `${SANDBOX_PAGE_PREFIX}${encodeURIComponent(input.orderNo)}?lang=${input.language.toLowerCase()}`,
        gatewayReference: row?.psp_txn_id ?? txn,
      };
    },
    async verifyCallback(rawBody: string, headers: CallbackHeaders): Promise<GatewayEvent | null> {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      const secret = await gatewaySecret(app.db, SANDBOX);
      if (!secret || typeof given !== 'string' || !signatureMatches([secret], rawBody, given)) return null;
      let body: Partial<SandboxNotification>;
      try {
        body = JSON.parse(rawBody) as Partial<SandboxNotification>;
      } catch {
        return null;
      }
      if (
        typeof body.orderNo !== 'string' ||
        (body.status !== 'PAID' && body.status !== 'FAILED') ||
        typeof body.amount !== 'string' ||
        !/^[1-9][0-9]{0,16}$/.test(body.amount) ||
        body.currency !== 'BDT' ||
        typeof body.eventId !== 'string'
      ) {
        return null;
      }
      return {
        orderNo: body.orderNo,
        outcome: body.status,
        amount: BigInt(body.amount),
        gatewayReference: typeof body.txnId === 'string' ? body.txnId.slice(0, 100) : null,
        eventId: body.eventId,
        reason: body.status === 'FAILED' ? 'DECLINED' : undefined,
      };
    },
    async queryOrder(orderNo) {
      const row = await findPayment(app.db, orderNo);
      if (!row) return { outcome: 'UNKNOWN' };
      const outcome = row.status === 'PAID' ? 'PAID' : row.status === 'DECLINED' ? 'FAILED' : 'PENDING';
      return { outcome, amount: BigInt(row.amount), gatewayReference: row.psp_txn_id };
    },
  };
}

/**
 * Sends the sandbox's notification of an order (again, when called again: a PSP retries until it
 * is taken, and the platform must cope with duplicates). Resolves with the HTTP status it got.
 */
export async function notifySandboxOrder(app: FastifyInstance, orderNo: string, eventId?: string): Promise<number | null> {
  const row = await findPayment(app.db, orderNo);
  if (!row || row.status === 'OPEN') return null;
  const secret = await gatewaySecret(app.db, SANDBOX);
  if (!secret) return null;
  const note: SandboxNotification = {
    orderNo: row.order_no,
    txnId: row.psp_txn_id,
    status: row.status === 'PAID' ? 'PAID' : 'FAILED',
    amount: row.amount,
    currency: 'BDT',
    eventId: eventId ?? `${row.psp_txn_id}:${row.status}`,
    eventTime: (row.decided_at ?? new Date()).toISOString(),
  };
  const body = JSON.stringify(note);
  // delivered through the server's own HTTP stack: the same route, parser and signature check an
  // outside PSP's POST goes through, without needing the server's public address
  const res = await app.inject({
    method: 'POST',
    url: row.notify_path,
    payload: body,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signBody(secret, body),
      'user-agent': 'khela-sandbox-gateway',
    },
    remoteAddress: '127.0.0.1',
  });
  await app.db.query(`UPDATE sandbox_gateway_payments SET notified_at = now(), notify_status = $2 WHERE order_no = $1`, [
    orderNo,
    res.statusCode,
  ]);
  return res.statusCode;
}

type Lang = 'bn' | 'en';

const TEXT = {
  en: {
    title: 'Sandbox payment',
    badge: 'SANDBOX: no real money moves',
    merchant: 'Merchant',
    order: 'Order',
    amount: 'Amount to pay',
    method: 'Pay with',
    until: 'Pay before',
    approve: 'Approve payment',
    decline: 'Decline',
    paid: 'Payment successful',
    declined: 'Payment declined',
    expired: 'This payment has expired',
    unknown: 'No such payment',
    back: 'Back to Khela',
    other: 'বাংলা',
    hint: 'This page stands in for the payment provider. Approving sends the signed notification the real provider would send.',
  },
  bn: {
    title: 'স্যান্ডবক্স পেমেন্ট',
    badge: 'স্যান্ডবক্স: কোনো আসল টাকা লেনদেন হয় না',
    merchant: 'মার্চেন্ট',
    order: 'অর্ডার',
    amount: 'পরিশোধের পরিমাণ',
    method: 'পেমেন্ট মাধ্যম',
    until: 'এর আগে পরিশোধ করুন',
    approve: 'পেমেন্ট অনুমোদন করুন',
    decline: 'বাতিল করুন',
    paid: 'পেমেন্ট সফল হয়েছে',
    declined: 'পেমেন্ট বাতিল হয়েছে',
    expired: 'এই পেমেন্টের মেয়াদ শেষ হয়ে গেছে',
    unknown: 'এমন কোনো পেমেন্ট নেই',
    back: 'খেলায় ফিরে যান',
    other: 'English',
    hint: 'এই পাতাটি পেমেন্ট প্রদানকারীর বদলে কাজ করে। অনুমোদন করলে আসল প্রদানকারীর মতো স্বাক্ষরিত বার্তা পাঠানো হয়।',
  },
} as const;

const METHOD_NAMES: Record<PaymentMethod, Record<Lang, string>> = {
  BKASH: { en: 'bKash', bn: 'বিকাশ' },
  NAGAD: { en: 'Nagad', bn: 'নগদ' },
  ROCKET: { en: 'Rocket', bn: 'রকেট' },
  BANK: { en: 'Bank transfer', bn: 'ব্যাংক ট্রান্সফার' },
};
const METHOD_COLOURS: Record<PaymentMethod, string> = { BKASH: '#e2136e', NAGAD: '#ec5a24', ROCKET: '#8c3494', BANK: '#1f5f99' };

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function dhakaTime(d: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', {
    timeZone: 'Asia/Dhaka',
    hour: '2-digit',
    minute: '2-digit',
    day: 'numeric',
    month: 'short',
  }).format(d);
}

/** Only a path of this site (no scheme, no //host): the page never sends anyone elsewhere. */
const safeReturn = (p: string | null) => (p && /^\/(?![/\\])[^\s]*$/.test(p) ? p : '/member/depositv2');

export function renderSandboxPage(row: SandboxRow | null, lang: Lang, now: Date, orderNo: string): string {
  const t = TEXT[lang];
  const colour = row ? METHOD_COLOURS[row.method] : '#555';
  const self = `${SANDBOX_PAGE_PREFIX}${encodeURIComponent(orderNo)}`;
  let main: string;
  if (!row) {
    main = `<p class="state bad" data-state="unknown">${esc(t.unknown)}</p>`;
  } else {
    const facts = `
      <dl>
        <dt>${esc(t.merchant)}</dt><dd>Khela</dd>
        <dt>${esc(t.order)}</dt><dd data-testid="sandbox-order">${esc(row.order_no)}</dd>
        <dt>${esc(t.method)}</dt><dd>${esc(METHOD_NAMES[row.method][lang])}</dd>
        <dt>${esc(t.amount)}</dt><dd class="amount" data-testid="sandbox-amount">${esc(formatTaka(row.amount, lang === 'bn' ? 'BN' : 'EN'))}</dd>
        ${row.status === 'OPEN' ? `<dt>${esc(t.until)}</dt><dd>${esc(dhakaTime(row.expires_at, lang))}</dd>` : ''}
      </dl>`;
    const back = `<a class="back" href="${esc(safeReturn(row.return_path))}">${esc(t.back)}</a>`;
    if (row.status === 'PAID') main = `${facts}<p class="state good" data-state="paid">✓ ${esc(t.paid)}</p>${back}`;
    else if (row.status === 'DECLINED') main = `${facts}<p class="state bad" data-state="declined">${esc(t.declined)}</p>${back}`;
    else if (row.expires_at <= now) main = `${facts}<p class="state bad" data-state="expired">${esc(t.expired)}</p>${back}`;
    else {
      main = `${facts}
      <form method="post" action="${esc(self)}">
        <input type="hidden" name="lang" value="${lang}">
        <button class="approve" name="decision" value="approve" type="submit">${esc(t.approve)}</button>
        <button class="decline" name="decision" value="decline" type="submit">${esc(t.decline)}</button>
      </form>
      <p class="hint">${esc(t.hint)}</p>`;
    }
  }
  const other = lang === 'bn' ? 'en' : 'bn';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(t.title)}</title>
<style>
  body { margin: 0; font-family: 'Noto Sans Bengali', 'Hind Siliguri', system-ui, sans-serif; background: #f2f3f5; color: #1d1d1f; }
  header { background: ${colour}; color: #fff; padding: 16px; display: flex; justify-content: space-between; align-items: center; }
  header h1 { font-size: 18px; margin: 0; }
  header a { color: #fff; font-size: 14px; }
  .badge { background: #fff4cc; color: #6b5300; text-align: center; font-size: 13px; padding: 6px; }
  main { max-width: 420px; margin: 16px auto; background: #fff; border-radius: 12px; padding: 20px; box-shadow: 0 2px 10px rgba(0,0,0,.08); }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 8px 12px; margin: 0 0 20px; }
  dt { color: #6b7280; } dd { margin: 0; text-align: right; font-weight: 600; word-break: break-all; }
  .amount { font-size: 22px; color: ${colour}; }
  form { display: grid; gap: 10px; }
  button { font: inherit; padding: 14px; border-radius: 10px; border: 0; font-size: 16px; cursor: pointer; }
  .approve { background: ${colour}; color: #fff; }
  .decline { background: #e5e7eb; color: #1d1d1f; }
  .hint { color: #6b7280; font-size: 13px; }
  .state { font-size: 18px; font-weight: 700; text-align: center; margin: 8px 0 16px; }
  .good { color: #15803d; } .bad { color: #b91c1c; }
  .back { display: block; text-align: center; padding: 12px; border-radius: 10px; background: #111827; color: #fff; text-decoration: none; }
</style>
</head>
<body>
<header><h1>${esc(t.title)}</h1><a href="${esc(self)}?lang=${other}" lang="${other}">${esc(t.other)}</a></header>
<div class="badge">${esc(t.badge)}</div>
<main>${main}</main>
</body>
</html>`;
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const langOf = (v: unknown): Lang => (v === 'en' || v === 'EN' ? 'en' : 'bn');

/** The sandbox's payment page: GET shows it, the form's POST decides and notifies the platform. */
export const sandboxPageRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const params = {
    type: 'object',
    required: ['orderNo'],
    properties: { orderNo: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9]+$' } },
  };

  app.get<{ Params: { orderNo: string }; Querystring: { lang?: string } }>(
    '/:orderNo',
    {
      schema: {
        hide: true,
        params,
        querystring: { type: 'object', properties: { lang: { type: 'string', enum: ['bn', 'en', 'BN', 'EN'] } } },
      },
    },
    async (request, reply) => {
      const row = await findPayment(app.db, request.params.orderNo);
      reply.headers(PAGE_HEADERS).code(row ? 200 : 404);
      return renderSandboxPage(row, langOf(request.query.lang), app.payments.now(), request.params.orderNo);
    },
  );

  app.post<{ Params: { orderNo: string }; Body: { decision?: string; lang?: string } }>(
    '/:orderNo',
    { schema: { hide: true, params } },
    async (request, reply) => {
      const lang = langOf(request.body?.lang);
      const decision = request.body?.decision;
      const orderNo = request.params.orderNo;
      if (decision === 'approve' || decision === 'decline') {
        const decided = await decidePayment(app.db, orderNo, decision === 'approve' ? 'PAID' : 'DECLINED', app.payments.now());
        if (decided) {
          const status = await notifySandboxOrder(app, orderNo).catch((err) => {
            app.log.error({ err, orderNo }, 'sandbox notification failed');
            return null;
          });
          if (status !== 200) app.log.warn({ orderNo, status }, 'sandbox notification not taken: the expiry check will ask');
        }
      }
      const row = await findPayment(app.db, orderNo);
      reply.headers(PAGE_HEADERS).code(row ? 200 : 404);
      return renderSandboxPage(row, lang, app.payments.now(), orderNo);
    },
  );
};
