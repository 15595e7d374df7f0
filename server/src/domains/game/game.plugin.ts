import type { FastifyPluginAsync } from 'fastify';
import { ROOM_PATHS } from '@khela/api/rooms';
import { artRoutes } from './art.routes';
import { catalogueRoutes } from './catalogue.routes';
import { createCatalogueStore, type CatalogueStore } from './catalogue.store';
import { gameOpsRoutes } from './game-ops.routes';
import { launchRoutes } from './launch.routes';
import { lotteryRoutes } from './lottery.routes';
import { memberGamesRoutes } from './member-games.routes';
import { roomOpsRoutes, roomRoutes } from './rooms.routes';

export interface GameDomainOptions {
  /** How often a server checks whether the catalogue changed elsewhere (default 2000 ms). */
  catalogueTtlMs?: number;
  /** A store to use (tests); by default one is created on the app's database. */
  store?: CatalogueStore;
}

/**
 * The game domain: catalogue, favourites and recent games, launch, lottery, artwork, PvP rooms, and the
 * operator endpoints under /ops/games and /ops/rooms. One catalogue store, shared by all of them.
 */
export const gameDomain: FastifyPluginAsync<GameDomainOptions> = async (app, opts) => {
  const store = opts.store ?? createCatalogueStore(app.db, opts.catalogueTtlMs);
  // load the snapshot while the server starts, so the first visitor does not wait for it
  app.addHook('onReady', async () => {
    await store.get().catch((err) => app.log.warn({ err }, 'catalogue not loaded at start'));
  });
  await app.register(catalogueRoutes, { store });
  await app.register(memberGamesRoutes, { store });
  await app.register(launchRoutes, { store });
  await app.register(lotteryRoutes, { store });
  await app.register(artRoutes, { store });
  await app.register(gameOpsRoutes, { prefix: '/ops/games', store });
  await app.register(roomRoutes, { store });
  await app.register(roomOpsRoutes, { prefix: ROOM_PATHS.opsRooms });
};
