import type { Db } from '../../db/db';
import { seedAnnouncements } from '../content/content.seed';
import { seedHelpArticles } from '../content/help.seed';
import { seedGameCatalogue } from './catalogue.seed';
import { seedPvpRooms } from './rooms.seed';
import { seedOriginals } from '../studio/studio.seed';

/** The lobby's starting data: the game catalogue and winners' board, the PvP rooms, the platform's own games, and the announcements. */
export async function seedLobby(db: Db): Promise<void> {
  await seedGameCatalogue(db);
  await seedPvpRooms(db);
  await seedOriginals(db);
  await seedAnnouncements(db);
  await seedHelpArticles(db);
}
