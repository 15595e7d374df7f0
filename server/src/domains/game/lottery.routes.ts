import type { FastifyPluginAsync } from 'fastify';
import type { LotteryGame, LotteryMenu } from '@khela/api/games';
import { requireMember } from '../../http/auth';
import { ApiError, ok, replies } from '../../http/envelope';
import {
  classifyName,
  gameArtUrl,
  gameName,
  type Catalogue,
  type CatalogueStore,
  type GameRow,
  type Lang,
} from './catalogue.store';
import { cachedReply, langOf } from './game.http';
import {
  codeParam,
  languageQuery,
  latestOpenedValue,
  lotteryGamesValue,
  lotteryMenusValue,
  openedNumbersValue,
} from './game.schemas';
import { recentLotteryNodes } from './game.repo';
import { openedDraws, prizeModesOf } from './lottery.draws';

const tags = ['lottery'];
const prizeModeQuery = { type: 'string', enum: ['LOTT', 'ZY', 'ELOTT', 'SEA'] };
const deviceQuery = { type: 'string', enum: ['WEB', 'web', 'MOBILE', 'mobile'] };

const isLottery = (g: GameRow) =>
  (g.gameType === 'LOTT' || g.gameType === 'ELOTT') && g.isGame === 'GAME' && g.groupCode !== null;

function lotteryGame(g: GameRow, lang: Lang): LotteryGame {
  return {
    gameCode: g.gameCode,
    nodeId: g.nodeId,
    gameName: g.nameEn,
    displayName: gameName(g, lang),
    gameGroupCode: g.groupCode!,
    vassalage: g.vendor,
    gameType: g.gameType,
    iconUrl: gameArtUrl(g),
    drawInterval: g.drawInterval ?? 86400,
    prizeModes: prizeModesOf(g.gameType, g.groupCode),
  };
}

/** Lottery games grouped by their group code, in list order. */
function menus(cat: Catalogue, games: GameRow[], lang: Lang): LotteryMenu[] {
  const byGroup = new Map<string, LotteryMenu>();
  for (const g of games) {
    let menu = byGroup.get(g.groupCode!);
    if (!menu) {
      const c = cat.classifies.find((x) => x.gameType === g.gameType && x.key === g.groupCode);
      menu = { gameGroupCode: g.groupCode!, name: c ? classifyName(c, lang) : g.groupCode!, games: [] };
      byGroup.set(g.groupCode!, menu);
    }
    menu.games.push(lotteryGame(g, lang));
  }
  return [...byGroup.values()];
}

function lotteryByCode(cat: Catalogue, code: string): GameRow {
  const g = cat.gameByCode.get(code.toUpperCase());
  if (!g || !isLottery(g)) throw new ApiError(404, 'GAME_NOT_FOUND', `No lottery game ${code}`);
  return g;
}

/** Lottery menus, lottery games and opened numbers. */
export const lotteryRoutes: FastifyPluginAsync<{ store: CatalogueStore }> = async (app, { store }) => {
  app.get<{ Querystring: { language?: string; prizeMode?: string } }>(
    '/lgw/vn/games/game_menu',
    {
      schema: {
        tags,
        summary: 'Lottery menus',
        description: 'value.gameMenus: the lottery games grouped by gameGroupCode; prizeMode keeps games that support it.',
        querystring: { type: 'object', properties: { language: languageQuery, prizeMode: prizeModeQuery, device: deviceQuery } },
        response: replies(lotteryMenusValue),
      },
    },
    async (request, reply) => {
      const cat = await store.get();
      const lang = langOf(request);
      const mode = request.query.prizeMode;
      return cachedReply(reply, cat, `lmenu|${lang}|${mode}`, () => ({
        gameMenus: menus(
          cat,
          cat.games.filter((g) => isLottery(g) && (!mode || prizeModesOf(g.gameType, g.groupCode).includes(mode))),
          lang,
        ),
      }));
    },
  );

  app.get(
    '/lgw/vn/games/game_menu/recent',
    {
      preHandler: requireMember,
      schema: {
        tags,
        security: [{ token: [] }],
        summary: 'Recently played lottery games',
        description: "value.gameMenus: one menu (gameGroupCode RECENT) with the member's lottery games, last played first.",
        querystring: { type: 'object', properties: { language: languageQuery, device: deviceQuery } },
        response: replies(lotteryMenusValue),
      },
    },
    async (request) => {
      const cat = await store.get();
      const lang = langOf(request);
      const rows = await recentLotteryNodes(app.db, request.member!.id);
      const games = rows.map((r) => cat.gameByNode.get(Number(r.node_id))).filter((g): g is GameRow => !!g && isLottery(g));
      return ok({
        gameMenus: games.length
          ? [
              {
                gameGroupCode: 'RECENT',
                name: lang === 'BN' ? 'সাম্প্রতিক' : 'Recent',
                games: games.map((g) => lotteryGame(g, lang)),
              },
            ]
          : [],
      });
    },
  );

  app.get<{ Querystring: { language?: string; prizeMode?: string } }>(
    '/lgw/vn/games',
    {
      schema: {
        tags,
        summary: 'Lottery game list',
        description: 'Every lottery game supporting the prize mode (every lottery game without one).',
        querystring: { type: 'object', properties: { language: languageQuery, prizeMode: prizeModeQuery, device: deviceQuery } },
        response: replies(lotteryGamesValue),
      },
    },
    async (request, reply) => {
      const cat = await store.get();
      const lang = langOf(request);
      const mode = request.query.prizeMode;
      return cachedReply(reply, cat, `lgames|${lang}|${mode}`, () => ({
        games: cat.games
          .filter((g) => isLottery(g) && (!mode || prizeModesOf(g.gameType, g.groupCode).includes(mode)))
          .map((g) => lotteryGame(g, lang)),
      }));
    },
  );

  app.get<{ Querystring: { gameCode: string; size: number } }>(
    '/lgw/vn/numeros/opened/game',
    {
      schema: {
        tags,
        summary: 'Opened numbers of a lottery game',
        description:
          'The last draws (newest first), each with its revealed server seed and commitment, and the next draw (time and seed commitment). 404 GAME_NOT_FOUND for an unknown lottery game.',
        querystring: {
          type: 'object',
          required: ['gameCode'],
          properties: {
            gameCode: codeParam('Lottery game code'),
            size: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
          },
        },
        response: replies(openedNumbersValue),
      },
    },
    async (request) => {
      const g = lotteryByCode(await store.get(), request.query.gameCode);
      const { secret, config } = app.lottery;
      return ok({ gameCode: g.gameCode, ...openedDraws(secret, g, request.query.size, config.now(), config.intervalS) });
    },
  );

  app.get<{ Querystring: { gameCodes?: string } }>(
    '/lotto/lgw/games/opened/numero',
    {
      schema: {
        tags,
        summary: 'Latest opened numbers',
        description: 'The latest draw of every lottery game, or of the comma-separated gameCodes.',
        querystring: {
          type: 'object',
          properties: { gameCodes: { type: 'string', pattern: '^[A-Za-z0-9_]{1,48}(,[A-Za-z0-9_]{1,48}){0,99}$' } },
        },
        response: replies(latestOpenedValue),
      },
    },
    async (request) => {
      const cat = await store.get();
      const codes = request.query.gameCodes?.toUpperCase().split(',');
      const games = codes ? codes.map((c) => lotteryByCode(cat, c)) : cat.games.filter(isLottery);
      const { secret, config } = app.lottery;
      const now = config.now();
      return ok({ list: games.map((g) => openedDraws(secret, g, 1, now, config.intervalS).list[0]) });
    },
  );
};
