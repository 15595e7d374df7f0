import type { FastifyPluginAsync } from 'fastify';
import { ApiError, ok, replies } from '../../http/envelope';
import { applyGatewayEvent } from './deposits';

/**
 * POST /wps/payments/callback/:gateway: where a payment service provider notifies the platform.
 * The body is kept raw (the signature covers its exact bytes) and handed to the gateway's adapter;
 * a callback whose signature does not check changes nothing. Duplicates and callbacks out of order
 * are answered 200 without moving anything again (the PSP stops retrying).
 */
export const callbackRoutes: FastifyPluginAsync = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  app.post<{ Params: { gateway: string }; Body: string }>(
    '/:gateway',
    {
      schema: {
        tags: ['payments'],
        summary: "A payment gateway's notification (called by the PSP, not the storefront)",
        description:
          "The body and its signature header are the gateway's own (the sandbox: JSON signed by X-Sandbox-Signature, the hex " +
          "HMAC-SHA256 of the raw body under the gateway's secret). 401 INVALID_SIGNATURE changes nothing; 404 ORDER_NOT_FOUND; " +
          '409 AMOUNT_MISMATCH. A repeat answers 200 with result DUPLICATE.',
        params: {
          type: 'object',
          required: ['gateway'],
          properties: { gateway: { type: 'string', minLength: 2, maxLength: 32, pattern: '^[A-Z][A-Z0-9_]*$' } },
        },
        response: replies({
          type: 'object',
          required: ['orderNo', 'result', 'status'],
          properties: { orderNo: { type: 'string' }, result: { type: 'string' }, status: { type: 'string' } },
        }),
      },
    },
    async (request, reply) => {
      const code = request.params.gateway;
      const gateway = app.payments.gateways.get(code);
      if (!gateway) throw new ApiError(404, 'GATEWAY_NOT_FOUND', `No gateway ${code}`);
      const raw = typeof request.body === 'string' ? request.body : '';
      const event = await gateway.verifyCallback(raw, request.headers);
      if (!event) {
        request.log.warn({ gateway: code, ip: request.ip }, 'payment callback refused: bad signature or body');
        throw new ApiError(401, 'INVALID_SIGNATURE', 'The signature does not match the body');
      }
      const r = await applyGatewayEvent(app, code, event, { kind: 'callback', rawBody: raw, ip: request.ip });
      if (gateway.ack) {
        const ack = gateway.ack(event);
        return reply.type(ack.contentType).send(ack.body);
      }
      return ok({ orderNo: r.order.order_no, result: r.result, status: r.order.status }, 'Accepted');
    },
  );
};
