import type { FastifyPluginAsync } from 'fastify';
import { ApiError, ok, replies } from '../../http/envelope';
import { guardOps } from '../../http/ops-auth';
import { launchTemplateProblem, LAUNCH_PLACEHOLDERS } from './launch-url';
import { setVendorLaunchUrl, vendorConnections, type VendorConnection } from './studio.repo';
import { CATEGORY_ENGINES } from './studio.rules';
import type { Studio } from './studio.service';

const hide = true;
const vendorParam = {
  type: 'object',
  required: ['code'],
  properties: { code: { type: 'string', pattern: '^[A-Za-z0-9_]{2,32}$' } },
};
const connectionSchema = {
  type: 'object',
  required: ['code', 'displayName', 'gameTypes', 'walletMode', 'connected', 'launchUrlTemplate', 'connectedAt', 'playedBy'],
  properties: {
    code: { type: 'string' },
    displayName: { type: 'string' },
    gameTypes: { type: 'array', items: { type: 'string' } },
    walletMode: { type: 'string' },
    connected: { type: 'boolean' },
    launchUrlTemplate: { type: ['string', 'null'] },
    connectedAt: { type: ['string', 'null'], format: 'date-time' },
    playedBy: {
      type: 'string',
      enum: ['VENDOR', 'STUDIO', 'PARTLY_STUDIO', 'NOT_CONNECTED'],
      description: "who plays its games: the connected vendor, the platform studio's engines, or nobody yet",
    },
  },
};

const wire = (v: VendorConnection) => {
  const engines = v.gameTypes.filter((t) => CATEGORY_ENGINES[t] || v.code === 'KHELA').length;
  return {
    code: v.code,
    displayName: v.displayName,
    gameTypes: v.gameTypes,
    walletMode: v.walletMode,
    connected: v.launchUrlTemplate !== null,
    launchUrlTemplate: v.launchUrlTemplate,
    connectedAt: v.connectedAt ? v.connectedAt.toISOString() : null,
    playedBy: v.launchUrlTemplate
      ? 'VENDOR'
      : engines === v.gameTypes.length
        ? 'STUDIO'
        : engines
          ? 'PARTLY_STUDIO'
          : 'NOT_CONNECTED',
  };
};

/** Operators (X-Ops-Key): connect a real vendor by its launch address, disconnect it, and settle what the wallet left open. */
export const studioOpsRoutes: FastifyPluginAsync<{ studio: Studio }> = async (app, { studio }) => {
  guardOps(app);

  app.get('/vendors', { schema: { hide, response: replies({ type: 'array', items: connectionSchema }) } }, async () =>
    ok((await vendorConnections(app.db)).map(wire)),
  );

  app.post<{ Params: { code: string }; Body: { launchUrl: string } }>(
    '/vendors/:code/connect',
    {
      schema: {
        hide,
        description:
          `Connects a real vendor: its games launch at this address from now on (placeholders ${LAUNCH_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}; ` +
          '{token} is required: the vendor calls the wallet API with it). 400 LAUNCH_URL_INVALID, 404 VENDOR_NOT_FOUND.',
        params: vendorParam,
        body: {
          type: 'object',
          required: ['launchUrl'],
          additionalProperties: false,
          properties: { launchUrl: { type: 'string', minLength: 1, maxLength: 4096 } },
        },
        response: replies(connectionSchema),
      },
    },
    async (request) => {
      const code = request.params.code.toUpperCase();
      const problem = launchTemplateProblem(request.body.launchUrl);
      if (problem) throw new ApiError(400, 'LAUNCH_URL_INVALID', problem);
      if (!(await setVendorLaunchUrl(app.db, code, request.body.launchUrl)))
        throw new ApiError(404, 'VENDOR_NOT_FOUND', `No vendor ${code}`);
      request.log.info({ vendor: code }, 'vendor connected');
      return ok(wire((await vendorConnections(app.db, code))[0]), 'Connected');
    },
  );

  app.post<{ Params: { code: string } }>(
    '/vendors/:code/disconnect',
    {
      schema: {
        hide,
        description:
          'Forgets the launch address: the games play on the studio’s engines again where one fits, else show “not connected”.',
        params: vendorParam,
        response: replies(connectionSchema),
      },
    },
    async (request) => {
      const code = request.params.code.toUpperCase();
      if (!(await setVendorLaunchUrl(app.db, code, null))) throw new ApiError(404, 'VENDOR_NOT_FOUND', `No vendor ${code}`);
      request.log.info({ vendor: code }, 'vendor disconnected');
      return ok(wire((await vendorConnections(app.db, code))[0]), 'Disconnected');
    },
  );

  app.post(
    '/settle',
    {
      schema: {
        hide,
        description: 'Runs the settler now: pending wins delivered, unanswered bets rolled back (it also runs every 15 seconds).',
        response: replies({
          type: 'object',
          required: ['settled', 'rolledBack', 'left'],
          properties: { settled: { type: 'integer' }, rolledBack: { type: 'integer' }, left: { type: 'integer' } },
        }),
      },
    },
    async () => ok(await studio.settleUnfinished()),
  );
};
