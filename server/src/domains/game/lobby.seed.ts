import type { Db } from '../../db/db';
import { seedAnnouncements } from '../content/content.seed';
import { seedGameCatalogue } from './catalogue.seed';

/** The lobby's starting data: the game catalogue and winners' board, and the announcements. */
export async function seedLobby(db: Db): Promise<void> {
  await seedGameCatalogue(db);
  await seedAnnouncements(db);
}
