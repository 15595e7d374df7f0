import type { FastifyPluginAsync } from 'fastify';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { wrapSecret } from '../../http/sealed';
import { listProviders, providerExists, upsertProvider } from './social.repo';

const hide = true;

interface ProviderBody {
  label: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  redirectUri?: string | null;
  enabled?: boolean;
  sort?: number;
}

const providerView = {
  type: 'object',
  required: ['id', 'label', 'issuer', 'clientId', 'redirectUri', 'enabled', 'sort'],
  properties: {
    id: { type: 'string' },
    label: { type: 'string' },
    issuer: { type: 'string' },
    clientId: { type: 'string' },
    redirectUri: { type: ['string', 'null'] },
    enabled: { type: 'boolean' },
    sort: { type: 'integer' },
  },
};

// an https issuer, or http on this machine (a provider for development and tests)
const issuer = {
  type: 'string',
  maxLength: 500,
  pattern: '^(https://[^\\s/]+(/[^\\s]*)?|http://(127\\.0\\.0\\.1|localhost)(:\\d+)?(/[^\\s]*)?)$',
};

/** Operators configure the social sign-in providers (the secret is written, never read back; stored under KHELA_SEAL_KEK when set). */
export const socialOpsRoutes: FastifyPluginAsync = async (app) => {
  guardOps(app);

  app.get('/providers', { schema: { hide, response: replies({ type: 'array', items: providerView }) } }, async () =>
    ok(await listProviders(app.db)),
  );

  app.put<{ Params: { id: string }; Body: ProviderBody }>(
    '/providers/:id',
    {
      schema: {
        hide,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[a-z][a-z0-9-]{1,31}$' } } },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['label', 'issuer', 'clientId'],
          properties: {
            label: { type: 'string', minLength: 1, maxLength: 40 },
            issuer,
            clientId: { type: 'string', minLength: 1, maxLength: 200 },
            clientSecret: { type: 'string', minLength: 1, maxLength: 500 },
            redirectUri: { anyOf: [{ type: 'string', maxLength: 500, pattern: '^https?://[^\\s]+$' }, { type: 'null' }] },
            enabled: { type: 'boolean' },
            sort: { type: 'integer', minimum: -1000, maximum: 1000 },
          },
        },
        response: replies(providerView),
      },
    },
    async (request) => {
      const b = request.body;
      const exists = await providerExists(app.db, request.params.id);
      if (!exists && !b.clientSecret)
        throw new ApiError(400, 'VALIDATION_ERROR', 'body/clientSecret is required for a new provider');
      const row = await upsertProvider(app.db, request.params.id, {
        label: b.label,
        issuer: b.issuer,
        clientId: b.clientId,
        insertSecret: wrapSecret(Buffer.from(b.clientSecret ?? '')),
        redirectUri: b.redirectUri ?? null,
        enabled: b.enabled ?? true,
        sort: b.sort ?? 0,
        newSecret: b.clientSecret ? wrapSecret(Buffer.from(b.clientSecret)) : null,
      });
      return ok(row);
    },
  );
};
