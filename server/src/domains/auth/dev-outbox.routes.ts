import type { FastifyPluginAsync } from 'fastify';
import { readOutbox } from '../../services/messaging';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * GET /dev/outbox: the development outbox as a page (registered only with KHELA_DEV=1 or
 * KHELA_DEV_OUTBOX=1; otherwise the path is a 404 like any unknown one).
 */
export const devOutboxRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { to?: string } }>(
    '/outbox',
    {
      schema: {
        hide: true,
        querystring: { type: 'object', properties: { to: { type: 'string', maxLength: 320 } } },
      },
    },
    async (request, reply) => {
      await app.auth.settle();
      const to = request.query.to || undefined;
      const messages = await readOutbox(app.db, { to, limit: 100 });
      const rows = messages
        .map(
          (m) =>
            `<tr><td>${m.id}</td><td>${escapeHtml(new Date(m.createdAt).toISOString())}</td><td>${m.channel}</td>` +
            `<td><a href="?to=${encodeURIComponent(m.recipient)}">${escapeHtml(m.recipient)}</a></td>` +
            `<td>${escapeHtml(m.subject ?? '')}</td><td><pre>${escapeHtml(m.body)}</pre></td></tr>`,
        )
        .join('');
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      return (
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Khela dev outbox</title>` +
        `<style>body{font:14px system-ui;margin:2em}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;` +
        `padding:4px 8px;vertical-align:top;text-align:left}pre{margin:0;white-space:pre-wrap}</style></head><body>` +
        `<h1>Development outbox</h1><p>SMS and e-mail of the outbox provider, newest first` +
        `${to ? ` — to ${escapeHtml(to)} (<a href="?">all</a>)` : ''}. Not served in production.</p>` +
        `<table><thead><tr><th>#</th><th>at</th><th>channel</th><th>to</th><th>subject</th><th>text</th></tr></thead>` +
        `<tbody>${rows || '<tr><td colspan="6">No messages yet.</td></tr>'}</tbody></table></body></html>`
      );
    },
  );
};
