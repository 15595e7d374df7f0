import type { Db } from '../../db/db';

/** [vendor, room suffix, which of the vendor's PvP games (by its order), English, Bengali, min entry (poisha), seats, players] */
type RoomSeed = [string, string, number, string, string, number, number, number];

/**
 * The starting rooms: three of the seeded card-game vendors keep rooms (beginner to high stakes);
 * the other PvP vendors have none, so the PvP page shows both kinds.
 */
export const ROOM_SEEDS: readonly RoomSeed[] = [
  ['CARDHOUSE', 'BEGINNER', 0, 'Beginners table', 'নতুনদের টেবিল', 1_000, 6, 128],
  ['CARDHOUSE', 'CLASSIC', 1, 'Classic room', 'ক্লাসিক রুম', 5_000, 6, 64],
  ['CARDHOUSE', 'HIGH', 2, 'High stakes', 'হাই স্টেকস', 50_000, 4, 9],
  ['ADDACARDS', 'ADDA', 0, 'Adda corner', 'আড্ডা কর্নার', 2_000, 4, 37],
  ['ADDACARDS', 'DUEL', 1, 'Head to head', 'মুখোমুখি', 10_000, 2, 12],
  ['KINGSCOURT', 'ROYAL', 0, 'Royal hall', 'রাজকীয় হল', 20_000, 6, 21],
];

/**
 * Seeds the rooms once (a catalogue_meta marker), so rooms an operator removed do not come back at
 * the next start. Each room is played on the n-th visible PvP game of its vendor.
 */
export async function seedPvpRooms(db: Db): Promise<void> {
  await db.tx(async (q) => {
    const first = await q.one(
      `INSERT INTO catalogue_meta (key, value) VALUES ('pvp_rooms_seeded', '1') ON CONFLICT (key) DO NOTHING RETURNING key`,
    );
    if (!first) return;
    await q.query(
      `INSERT INTO pvp_rooms (room_code, vendor_code, node_id, name_en, name_bn, min_entry, seats, players_online, sort)
       SELECT r.vendor || '_' || r.suffix, r.vendor, g.node_id, r.en, r.bn, r.min_entry, r.seats, r.players, r.ord * 10
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb)
                AS (vendor text, suffix text, game integer, en text, bn text, min_entry bigint, seats smallint, players integer))
              WITH ORDINALITY AS r(vendor, suffix, game, en, bn, min_entry, seats, players, ord)
         JOIN LATERAL (SELECT node_id FROM games
                        WHERE vendor_code = r.vendor AND game_type = 'PVP' AND is_game = 'GAME' AND NOT hidden
                        ORDER BY sort, node_id OFFSET r.game LIMIT 1) g ON true
       ON CONFLICT (room_code) DO NOTHING`,
      [
        JSON.stringify(
          ROOM_SEEDS.map(([vendor, suffix, game, en, bn, minEntry, seats, players]) => ({
            vendor,
            suffix,
            game,
            en,
            bn,
            min_entry: minEntry,
            seats,
            players,
          })),
        ),
      ],
    );
  });
}
