import { takesLotteryBets } from '@khela/games-math';
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { hashToken, requireMember, tokenFrom } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import { retrySeconds } from '../../services/rate-limit';
import { vendorArtUrl, vendorName, type Catalogue, type CatalogueStore, type GameRow } from './catalogue.store';
import { filterCode, langOf } from './game.http';
import {
  clientTypeQuery,
  codeParam,
  gameTypeEnum,
  languageQuery,
  launchDetailValue,
  launchValue,
  platformQuery,
  vendorQuery,
} from './game.schemas';
import { findLaunch, insertLaunch, touchRecentGame } from './game.repo';
import { prizeModesOf } from './lottery.draws';
import { gameUrlOf, launchPlan } from '../studio/launch-plan';
import { issueWalletSession } from '../wallet/wallet-sessions';

const tags = ['game'];
const security = [{ token: [] }];

/** A launch page stays readable this long. */
export const LAUNCH_TTL_S = 24 * 3600;

interface LaunchQuery {
  launchMode: 'GAME' | 'VENDOR' | 'LOTT';
  accountType: 0 | 1;
  gameId?: string;
  nodeId?: number;
  vassalage?: string;
  gameType?: string;
  lottoArea?: 'VN' | 'SEA' | 'LOTTERY';
  lottoPrizeMode?: string;
  lottoGameCode?: string;
  lottoView: 'betting' | 'lobby';
  language?: string;
}

const launchQuery = {
  type: 'object',
  properties: {
    launchMode: {
      type: 'string',
      enum: ['GAME', 'VENDOR', 'LOTT'],
      default: 'GAME',
      description: 'LOTT launches a lottery game (lotto* fields)',
    },
    accountType: { type: 'integer', enum: [0, 1], default: 1, description: '1 real play, 0 free trial' },
    gameId: codeParam('Game code'),
    nodeId: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
    vassalage: vendorQuery,
    gameType: { type: 'string', enum: gameTypeEnum, description: 'With only a vendor: which of its lobbies' },
    platform: platformQuery,
    clientType: clientTypeQuery,
    language: languageQuery,
    lottoArea: { type: 'string', enum: ['VN', 'SEA', 'LOTTERY'] },
    lottoPrizeMode: { type: 'string', enum: ['LOTT', 'ZY', 'ELOTT', 'SEA'] },
    lottoGameCode: codeParam('Lottery game code'),
    lottoView: { type: 'string', enum: ['betting', 'lobby'], default: 'betting' },
    device: { type: 'string', enum: ['WEB', 'web', 'MOBILE', 'mobile'] },
    backUrl: { type: 'string', maxLength: 2048, pattern: '^/(?![/\\\\])', description: 'A path of the storefront to return to' },
  },
};

/** Game launches a member may make per minute (429 TOO_MANY_LAUNCHES past it). */
export const LAUNCHES_PER_MINUTE = 30;

/** What a launch names: a game (nodeId or gameId), a lottery game, or a vendor (its lobby). */
function resolveTarget(cat: Catalogue, q: LaunchQuery): GameRow {
  const lottoCode = q.launchMode === 'LOTT' ? (q.lottoGameCode ?? q.gameId) : undefined;
  if (q.launchMode === 'LOTT' && !lottoCode)
    throw new ApiError(400, 'LAUNCH_TARGET_MISSING', 'A lottery launch needs lottoGameCode');
  let game: GameRow | undefined;
  if (lottoCode) game = cat.gameByCode.get(lottoCode.toUpperCase());
  else if (q.nodeId !== undefined) game = cat.gameByNode.get(q.nodeId);
  else if (q.gameId) game = cat.gameByCode.get(q.gameId.toUpperCase());
  else if (q.vassalage) {
    const vendor = filterCode(q.vassalage);
    const own = cat.games.filter((g) => g.vendor === vendor && (!q.gameType || g.gameType === q.gameType));
    game = own.find((g) => g.isGame === 'LOBBY') ?? own.find((g) => g.isGame === 'GAME');
  } else throw new ApiError(400, 'LAUNCH_TARGET_MISSING', 'Name a game (nodeId or gameId), a lottery game or a vendor');
  if (!game) throw new ApiError(404, 'GAME_NOT_FOUND', 'No such game');
  if (lottoCode && !(game.gameType === 'LOTT' || game.gameType === 'ELOTT'))
    throw new ApiError(404, 'GAME_NOT_FOUND', `${lottoCode} is not a lottery game`);
  if (q.vassalage && (q.nodeId !== undefined || q.gameId) && game.vendor !== filterCode(q.vassalage)) {
    throw new ApiError(400, 'GAME_MISMATCH', `Game ${game.gameCode} is not a game of ${q.vassalage}`);
  }
  return game;
}

function lottoOf(game: GameRow, q: LaunchQuery) {
  if (q.launchMode !== 'LOTT') return null;
  const modes = prizeModesOf(game.gameType, game.groupCode);
  const prizeMode = q.lottoPrizeMode ?? modes[0];
  if (!modes.includes(prizeMode)) {
    throw new ApiError(400, 'PRIZE_MODE_UNSUPPORTED', `${game.gameCode} is played in ${modes.join(', ')}`);
  }
  return { area: q.lottoArea ?? 'LOTTERY', prizeMode, view: q.lottoView };
}

/** The hash of the sign-in a request carries (requireMember has checked it is live). */
function signinTokenHash(request: FastifyRequest): string | null {
  const token = tokenFrom(request.headers.authorization);
  return token ? hashToken(token) : null;
}

/** Game launch: records the launch and the member's recent game, and answers the platform's launch page. */
export const launchRoutes: FastifyPluginAsync<{ store: CatalogueStore }> = async (app, { store }) => {
  const launch = async (request: FastifyRequest<{ Querystring: LaunchQuery }>, forceTrial: boolean) => {
    // each launch writes a row and may issue a wallet token: a member gets LAUNCHES_PER_MINUTE (hardening 12)
    const hit = await app.auth.limiter.hit(`launch:m${request.member!.id}`, LAUNCHES_PER_MINUTE, 60_000);
    if (!hit.allowed)
      throw new ApiError(429, 'TOO_MANY_LAUNCHES', 'Too many game launches: wait a moment', {
        retryAfterSeconds: retrySeconds(hit.retryAfterMs),
      });
    const q = { ...request.query, accountType: forceTrial ? 0 : request.query.accountType } as LaunchQuery;
    const game = resolveTarget(await store.get(), q);
    if (game.isGame === 'VASSALAGE')
      throw new ApiError(400, 'NOT_LAUNCHABLE', 'This entry opens the vendor list; launch one of its games');
    if (game.maintenance) throw new ApiError(409, 'GAME_MAINTENANCE', `${game.nameEn} is under maintenance`);
    if (q.accountType === 1 && request.member!.type === 4) {
      throw new ApiError(403, 'NEED_REAL_ACCOUNT', 'A real account is needed to play for real');
    }
    if (q.accountType === 0 && game.supportPlay !== 0)
      throw new ApiError(400, 'TRIAL_NOT_SUPPORTED', `${game.nameEn} has no free trial`);
    const lotto = lottoOf(game, q);
    const ticket = randomBytes(16).toString('base64url');
    const plan = await launchPlan(app.db, game.nodeId, q.launchMode);
    const gameUrl = await app.db.tx(async (tx) => {
      await insertLaunch(tx, {
        ticket,
        memberId: request.member!.id,
        nodeId: game.nodeId,
        accountType: q.accountType,
        launchMode: q.launchMode,
        lotto,
      });
      await touchRecentGame(tx, request.member!.id, game.nodeId);
      if (plan.kind === 'PAGE') return `/seamless?ticket=${ticket}`;
      // the game (ours or a connected vendor's) calls the wallet API with this token
      const { token } = await issueWalletSession(tx, {
        memberId: request.member!.id,
        vendorCode: game.vendor,
        nodeId: game.nodeId,
        accountType: q.accountType,
        // the game can't outlive this sign-in (its logout or session time limit ends it too)
        signinTokenHash: signinTokenHash(request),
      });
      return gameUrlOf(plan, { token, gameCode: game.gameCode, lang: langOf(request).toLowerCase(), accountType: q.accountType });
    });
    return ok({ content: { game_url: gameUrl, ticket } }, 'Launched');
  };

  const description =
    "Resolves the game (nodeId or gameId; lottoGameCode with launchMode LOTT; or only vassalage: that vendor's lobby), " +
    "records the launch and puts the game on top of the member's recent games. value.content.game_url: for a game the " +
    'platform studio plays (its own vendor KHELA; RNG and FISH on the slot, PVP on the card engine, for a vendor not ' +
    'connected) /play/<gameCode>?token=<wallet token>; for a connected vendor its launch address with the wallet token; ' +
    'otherwise the platform\'s launch page (/seamless?ticket=…, "not connected"). Refusals: 401 NOT_LOGGED_IN, 400 LAUNCH_TARGET_MISSING, 404 GAME_NOT_FOUND, ' +
    '400 GAME_MISMATCH, 400 NOT_LAUNCHABLE (a VASSALAGE entry), 409 GAME_MAINTENANCE, 403 NEED_REAL_ACCOUNT ' +
    '(a trial account playing for real), 429 TOO_MANY_LAUNCHES (30 a minute per member), 400 TRIAL_NOT_SUPPORTED (free trial of a game whose supportPlay is 1), ' +
    '400 PRIZE_MODE_UNSUPPORTED.';
  for (const [path, trial, summary] of [
    ['/wps/game/launchGame', false, 'Launch a game'],
    ['/wps/relay/GCS_gameLaunchFB', false, 'Launch a game (the storefront relay name)'],
    ['/wps/relay/GCS_gameTrialLaunch', true, 'Launch a free trial (accountType 0)'],
  ] as const) {
    app.get<{ Querystring: LaunchQuery }>(
      path,
      {
        preHandler: requireMember,
        schema: { tags, security, summary, description, querystring: launchQuery, response: replies(launchValue) },
      },
      (request) => launch(request, trial),
    );
  }

  app.get<{ Params: { ticket: string } }>(
    '/wps/game/launch/:ticket',
    {
      preHandler: requireMember,
      schema: {
        tags,
        security,
        summary: 'A launch, as the launch page shows it',
        description:
          'Only the member who launched can read it, for 24 hours; 404 LAUNCH_NOT_FOUND otherwise. connected is false while no game provider is connected, true for a lottery launched in its betting view whose draws take bets (every lottery game with a group).',
        params: {
          type: 'object',
          required: ['ticket'],
          properties: { ticket: { type: 'string', pattern: '^[A-Za-z0-9_-]{22}$' } },
        },
        querystring: { type: 'object', properties: { language: languageQuery } },
        response: replies(launchDetailValue),
      },
    },
    async (request) => {
      const row = await findLaunch(app.db, request.params.ticket, request.member!.id, LAUNCH_TTL_S);
      if (!row) throw new ApiError(404, 'LAUNCH_NOT_FOUND', 'No such launch');
      const cat = await store.get();
      const game = cat.gameByNode.get(Number(row.node_id));
      if (!game) throw new ApiError(404, 'GAME_NOT_FOUND', 'The game is no longer available');
      const vendor = cat.vendorByCode.get(game.vendor)!;
      const lang = langOf(request);
      const lotto = (row.lotto as { area: string; prizeMode: string; view: string } | null) ?? null;
      return ok({
        ticket: request.params.ticket,
        accountType: row.account_type,
        launchMode: row.launch_mode,
        launchedAt: new Date(row.created_at).toISOString(),
        game: cat.toGame(game, lang),
        vendor: { code: vendor.code, displayName: vendorName(vendor, lang), lagerIcon: vendorArtUrl(vendor) },
        lotto,
        // the platform's own lottery takes bets on every draw it makes (issue 17): the launch page shows the betting view
        connected:
          !!lotto && lotto.view === 'betting' && row.account_type === 1 && takesLotteryBets(game.groupCode, game.gameCode),
      });
    },
  );
};
