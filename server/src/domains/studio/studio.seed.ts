import type { Db } from '../../db/db';
import type { GameType } from '@khela/api/games';
import type { EngineId } from '@khela/games-math';
import { bumpCatalogueVersion } from '../game/catalogue.store';
import { STUDIO_VENDOR } from './studio.rules';

/**
 * The platform's own vendor, "Khela Originals", and its games. Inserted when missing on every
 * start (after the catalogue seed, so no seeded game's node id moves); nothing an operator changed
 * is overwritten.
 */
export const ORIGINALS_VENDOR = {
  code: STUDIO_VENDOR,
  en: 'Khela Originals',
  bn: 'খেলা অরিজিনালস',
  types: ['RNG', 'PVP'],
  sort: 5,
};

export interface OriginalGame {
  gameCode: string;
  engine: EngineId;
  gameType: GameType;
  classify: string;
  en: string;
  bn: string;
  minBet: number;
  lineNum: number;
  sort: number;
}

export const ORIGINAL_GAMES: readonly OriginalGame[] = [
  {
    gameCode: 'KHELA_TIGER_REELS',
    engine: 'slot',
    gameType: 'RNG',
    classify: 'VIDEO',
    en: 'Bengal Tiger Reels',
    bn: 'বেঙ্গল টাইগার রিলস',
    minBet: 20,
    lineNum: 20,
    sort: 1,
  },
  {
    gameCode: 'KHELA_DICE',
    engine: 'dice',
    gameType: 'RNG',
    classify: 'ARCADE',
    en: 'Khela Dice',
    bn: 'খেলা ডাইস',
    minBet: 100,
    lineNum: 0,
    sort: 2,
  },
  {
    gameCode: 'KHELA_ANDAR_BAHAR',
    engine: 'andarbahar',
    gameType: 'PVP',
    classify: 'CARD',
    en: 'Andar Bahar',
    bn: 'আন্দার বাহার',
    minBet: 100,
    lineNum: 0,
    sort: 1,
  },
];

export async function seedOriginals(db: Db): Promise<void> {
  await db.tx(async (q) => {
    const v = ORIGINALS_VENDOR;
    const vendor = await q.one(
      `INSERT INTO game_vendors (code, display_name, display_name_bn, game_types, sort, wallet_mode)
       VALUES ($1, $2, $3, $4, $5, 'SEAMLESS') ON CONFLICT (code) DO NOTHING RETURNING 1`,
      [v.code, v.en, v.bn, v.types, v.sort],
    );
    const games = await q.query(
      `INSERT INTO games (game_code, vendor_code, game_type, is_game, name_en, name_bn, classify, is_new, support_play,
                          min_bet, line_num, platforms, sort, engine)
       SELECT game_code, $2, game_type, 'GAME', name_en, name_bn, classify, true, 0, min_bet, line_num,
              ARRAY['html5-desktop', 'flash'], sort, engine
         FROM ROWS FROM (jsonb_to_recordset($1::jsonb)
                AS (game_code text, game_type text, name_en text, name_bn text, classify text, min_bet bigint,
                    line_num integer, sort integer, engine text)) WITH ORDINALITY
           AS x(game_code, game_type, name_en, name_bn, classify, min_bet, line_num, sort, engine, ord)
        ORDER BY ord
       ON CONFLICT (game_code) DO NOTHING RETURNING 1`,
      [
        JSON.stringify(
          ORIGINAL_GAMES.map((g) => ({
            game_code: g.gameCode,
            game_type: g.gameType,
            name_en: g.en,
            name_bn: g.bn,
            classify: g.classify,
            min_bet: g.minBet,
            line_num: g.lineNum,
            sort: g.sort,
            engine: g.engine,
          })),
        ),
        v.code,
      ],
    );
    // servers already running reload their catalogue
    if (vendor || games.length) await bumpCatalogueVersion(q);
  });
}
