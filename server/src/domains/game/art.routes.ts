import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { GameType } from '@khela/api/games';
import { ApiError } from '../../http/envelope';
import { bannerArt, categoryArt, defaultArt, gameArt, vendorArt } from './art';
import type { CatalogueStore } from './catalogue.store';
import { gameTypeEnum } from './game.schemas';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Opened on its own, an SVG can run nothing and load nothing. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

function sendSvg(reply: FastifyReply, svg: string): FastifyReply {
  return reply
    .header('Cache-Control', IMMUTABLE)
    .header('Content-Security-Policy', SVG_CSP)
    .header('X-Content-Type-Options', 'nosniff')
    .type('image/svg+xml; charset=utf-8')
    .send(svg);
}

const file = (description: string) => ({
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}\\.svg$', description } },
});
const svgAnswer = { 200: { description: 'image/svg+xml', type: 'string' } };

/**
 * The catalogue's artwork, generated on first request and kept in memory. Addresses carry a
 * version (?v=) that changes with what the art shows, so answers are cached for a year.
 */
export const artRoutes: FastifyPluginAsync<{ store: CatalogueStore }> = async (app, { store }) => {
  const cache = new Map<string, string>();
  const remember = (key: string, make: () => string) => {
    let svg = cache.get(key);
    if (svg === undefined) {
      svg = make();
      if (cache.size > 20000) cache.clear();
      cache.set(key, svg);
    }
    return svg;
  };
  const code = (f: string) => f.slice(0, -'.svg'.length);

  app.get<{ Params: { file: string } }>(
    '/wps/static/art/game/:file',
    {
      schema: { tags: ['art'], summary: "A game's artwork", params: file('<gameCode>.svg'), response: svgAnswer },
    },
    async (request, reply) => {
      const cat = await store.get();
      const g = cat.gameByCode.get(code(request.params.file).toUpperCase());
      if (!g) throw new ApiError(404, 'NOT_FOUND', 'No such game art');
      const vendor = cat.vendorByCode.get(g.vendor)!;
      return sendSvg(
        reply,
        remember(`g:${g.gameCode}:${g.artVersion}`, () =>
          gameArt({ gameCode: g.gameCode, title: g.nameEn, gameType: g.gameType, isGame: g.isGame, vendorName: vendor.nameEn }),
        ),
      );
    },
  );

  app.get<{ Params: { file: string } }>(
    '/wps/static/art/vendor/:file',
    {
      schema: { tags: ['art'], summary: "A vendor's large icon", params: file('<vendorCode>.svg'), response: svgAnswer },
    },
    async (request, reply) => {
      const cat = await store.get();
      const v = cat.vendorByCode.get(code(request.params.file).toUpperCase());
      if (!v) throw new ApiError(404, 'NOT_FOUND', 'No such vendor art');
      return sendSvg(
        reply,
        remember(`v:${v.code}:${v.artVersion}`, () => vendorArt({ code: v.code, name: v.nameEn })),
      );
    },
  );

  app.get<{ Params: { file: string } }>(
    '/wps/static/art/banner/:file',
    {
      schema: { tags: ['art'], summary: 'A banner background', params: file('<key>.svg'), response: svgAnswer },
    },
    async (request, reply) =>
      sendSvg(
        reply,
        remember(`b:${request.params.file}`, () => bannerArt(code(request.params.file))),
      ),
  );

  app.get<{ Params: { file: string } }>(
    '/wps/static/art/category/:file',
    {
      schema: { tags: ['art'], summary: "A category's menu icon", params: file('<gameType>.svg'), response: svgAnswer },
    },
    async (request, reply) => {
      const type = code(request.params.file).toUpperCase();
      if (!gameTypeEnum.includes(type as GameType)) throw new ApiError(404, 'NOT_FOUND', 'No such category');
      return sendSvg(
        reply,
        remember(`c:${type}`, () => categoryArt(type as GameType)),
      );
    },
  );

  app.get<{ Params: { file: string } }>(
    '/wps/static/art/default/:file',
    {
      schema: { tags: ['art'], summary: "A category's default game icon", params: file('<gameType>.svg'), response: svgAnswer },
    },
    async (request, reply) => {
      const type = code(request.params.file).toUpperCase();
      if (!gameTypeEnum.includes(type as GameType)) throw new ApiError(404, 'NOT_FOUND', 'No such category');
      return sendSvg(
        reply,
        remember(`d:${type}`, () => defaultArt(type as GameType)),
      );
    },
  );
};
