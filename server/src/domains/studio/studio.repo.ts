import type { GameType } from '@khela/api/games';
import type { EngineId } from '@khela/games-math';
import { newClientSeed, newServerSeed, serverSeedHashSync } from '@khela/games-math/node';
import type { Queryable } from '../../db/db';
import { rotateVendorSecret } from '../wallet/vendor-secrets';

/** The studio's SQL: games it plays, seeds, rounds, demo credits, vendor connections and secrets. */

export interface StudioGameRow {
  nodeId: number;
  gameCode: string;
  vendorCode: string;
  gameType: GameType;
  isGame: string;
  nameEn: string;
  nameBn: string | null;
  minBet: bigint;
  engine: EngineId | null;
  closed: boolean;
  vendorName: string;
  vendorNameBn: string | null;
  launchUrlTemplate: string | null;
}

export async function gameByNode(q: Queryable, nodeId: number): Promise<StudioGameRow | null> {
  const r = await q.one<{
    node_id: number;
    game_code: string;
    vendor_code: string;
    game_type: GameType;
    is_game: string;
    name_en: string;
    name_bn: string | null;
    min_bet: number;
    engine: EngineId | null;
    closed: boolean;
    display_name: string;
    display_name_bn: string | null;
    launch_url_template: string | null;
  }>(
    `SELECT g.node_id, g.game_code, g.vendor_code, g.game_type, g.is_game, g.name_en, g.name_bn, g.min_bet, g.engine,
            (g.hidden OR g.maintenance OR v.hidden) AS closed, v.display_name, v.display_name_bn, v.launch_url_template
       FROM games g JOIN game_vendors v ON v.code = g.vendor_code WHERE g.node_id = $1`,
    [nodeId],
  );
  if (!r) return null;
  return {
    nodeId: Number(r.node_id),
    gameCode: r.game_code,
    vendorCode: r.vendor_code,
    gameType: r.game_type,
    isGame: r.is_game,
    nameEn: r.name_en,
    nameBn: r.name_bn,
    minBet: BigInt(r.min_bet),
    engine: r.engine,
    closed: r.closed,
    vendorName: r.display_name,
    vendorNameBn: r.display_name_bn,
    launchUrlTemplate: r.launch_url_template,
  };
}

// ---- seeds ------------------------------------------------------------------------------------

export interface SeedRow {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** the next round's nonce (= rounds played with this server seed) */
  nextNonce: number;
}

type DbSeed = { id: number; server_seed: string; server_seed_hash: string; client_seed: string; next_nonce: number };
const seedOf = (r: DbSeed): SeedRow => ({
  id: Number(r.id),
  serverSeed: r.server_seed,
  serverSeedHash: r.server_seed_hash,
  clientSeed: r.client_seed,
  nextNonce: Number(r.next_nonce),
});
const SEED_COLUMNS = 'id, server_seed, server_seed_hash, client_seed, next_nonce';

/** Commits a new server seed for the member and engine unless one is active (a concurrent twin may win). */
async function createSeed(q: Queryable, memberId: number, engine: EngineId, clientSeed?: string): Promise<void> {
  const serverSeed = newServerSeed();
  await q.query(
    `INSERT INTO studio_seeds (member_id, engine, server_seed, server_seed_hash, client_seed)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (member_id, engine) WHERE revealed_at IS NULL DO NOTHING`,
    [memberId, engine, serverSeed, serverSeedHashSync(serverSeed), clientSeed ?? newClientSeed()],
  );
}

/** The member's active seed pair for an engine, committed now if there is none. */
export async function activeSeed(q: Queryable, memberId: number, engine: EngineId): Promise<SeedRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await q.one<DbSeed>(
      `SELECT ${SEED_COLUMNS} FROM studio_seeds WHERE member_id = $1 AND engine = $2 AND revealed_at IS NULL`,
      [memberId, engine],
    );
    if (row) return seedOf(row);
    await createSeed(q, memberId, engine);
  }
  throw new Error('no active seed after creating one');
}

/** Takes the next nonce of the member's active seed (one atomic UPDATE: no two rounds share one). */
export async function takeNonce(q: Queryable, memberId: number, engine: EngineId): Promise<SeedRow & { nonce: number }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await q.one<DbSeed>(
      `UPDATE studio_seeds SET next_nonce = next_nonce + 1
        WHERE member_id = $1 AND engine = $2 AND revealed_at IS NULL RETURNING ${SEED_COLUMNS}`,
      [memberId, engine],
    );
    if (row) {
      const seed = seedOf(row);
      return { ...seed, nonce: seed.nextNonce - 1 };
    }
    await createSeed(q, memberId, engine);
  }
  throw new Error('no active seed after creating one');
}

/**
 * Reveals the member's active seed for the engine and commits a new one (with the given client
 * seed, else the old one's). Answers the revealed seed (with the rounds played on it) and the new.
 */
export async function rotateSeed(
  q: Queryable,
  memberId: number,
  engine: EngineId,
  clientSeed?: string,
): Promise<{ revealed: SeedRow; active: SeedRow }> {
  await activeSeed(q, memberId, engine);
  const old = await q.one<DbSeed>(
    `UPDATE studio_seeds SET revealed_at = now()
      WHERE id = (SELECT id FROM studio_seeds WHERE member_id = $1 AND engine = $2 AND revealed_at IS NULL FOR UPDATE)
      RETURNING ${SEED_COLUMNS}`,
    [memberId, engine],
  );
  if (!old) throw new Error('the active seed vanished during a rotation');
  await createSeed(q, memberId, engine, clientSeed ?? old.client_seed);
  return { revealed: seedOf(old), active: await activeSeed(q, memberId, engine) };
}

// ---- rounds -----------------------------------------------------------------------------------

export type RoundStatus = 'BETTING' | 'REFUSED' | 'PENDING' | 'SETTLED' | 'ROLLBACK' | 'ROLLED_BACK';

export interface NewRound {
  walletRoundId: string;
  memberId: number;
  vendorCode: string;
  gameCode: string;
  nodeId: number;
  engine: EngineId;
  mode: 'REAL' | 'DEMO';
  seedId: number;
  nonce: number;
  clientSeed: string;
  params: unknown;
  outcome: unknown;
  stake: bigint;
  payout: bigint;
  status: RoundStatus;
}

export interface RoundRow {
  id: number;
  walletRoundId: string;
  memberId: number;
  vendorCode: string;
  gameCode: string;
  nodeId: number | null;
  engine: EngineId;
  mode: 'REAL' | 'DEMO';
  nonce: number;
  clientSeed: string;
  serverSeedHash: string;
  serverSeed: string | null;
  params: unknown;
  outcome: unknown;
  stake: bigint;
  payout: bigint;
  status: RoundStatus;
  createdAt: Date;
  settledAt: Date | null;
}

type DbRound = {
  id: number;
  wallet_round_id: string;
  member_id: number;
  vendor_code: string;
  game_code: string;
  node_id: number | null;
  engine: EngineId;
  mode: 'REAL' | 'DEMO';
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  server_seed: string | null;
  params: unknown;
  outcome: unknown;
  stake: string;
  payout: string;
  status: RoundStatus;
  created_at: Date;
  settled_at: Date | null;
};

const ROUND_SELECT = `
  SELECT r.id, r.wallet_round_id, r.member_id, r.vendor_code, r.game_code, r.node_id, r.engine, r.mode, r.nonce,
         r.client_seed, s.server_seed_hash, CASE WHEN s.revealed_at IS NOT NULL THEN s.server_seed END AS server_seed,
         r.params, r.outcome, r.stake::text, r.payout::text, r.status, r.created_at, r.settled_at
    FROM studio_rounds r JOIN studio_seeds s ON s.id = r.seed_id`;

const roundOf = (r: DbRound): RoundRow => ({
  id: Number(r.id),
  walletRoundId: r.wallet_round_id,
  memberId: Number(r.member_id),
  vendorCode: r.vendor_code,
  gameCode: r.game_code,
  nodeId: r.node_id === null ? null : Number(r.node_id),
  engine: r.engine,
  mode: r.mode,
  nonce: Number(r.nonce),
  clientSeed: r.client_seed,
  serverSeedHash: r.server_seed_hash,
  serverSeed: r.server_seed,
  params: r.params,
  outcome: r.outcome,
  stake: BigInt(r.stake),
  payout: BigInt(r.payout),
  status: r.status,
  createdAt: new Date(r.created_at),
  settledAt: r.settled_at ? new Date(r.settled_at) : null,
});

export async function insertRound(q: Queryable, r: NewRound): Promise<number> {
  const row = await q.one<{ id: number }>(
    `INSERT INTO studio_rounds (wallet_round_id, member_id, vendor_code, game_code, node_id, engine, mode, seed_id, nonce,
                                client_seed, params, outcome, stake, payout, status, settled_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13::bigint, $14::bigint, $15,
             CASE WHEN $15 = 'SETTLED' THEN now() END)
     RETURNING id`,
    [
      r.walletRoundId,
      r.memberId,
      r.vendorCode,
      r.gameCode,
      r.nodeId,
      r.engine,
      r.mode,
      r.seedId,
      r.nonce,
      r.clientSeed,
      JSON.stringify(r.params),
      JSON.stringify(r.outcome),
      r.stake.toString(),
      r.payout.toString(),
      r.status,
    ],
  );
  return Number(row!.id);
}

/** Moves a round on only from the status expected (a concurrent settler may have moved it): true when it did. */
export async function moveRound(
  q: Queryable,
  id: number,
  from: RoundStatus[],
  to: RoundStatus,
  lastError: string | null = null,
): Promise<boolean> {
  const row = await q.one(
    `UPDATE studio_rounds SET status = $3, last_error = $4,
            settled_at = CASE WHEN $3 IN ('SETTLED', 'ROLLED_BACK', 'REFUSED') THEN now() ELSE settled_at END
      WHERE id = $1 AND status = ANY($2::text[]) RETURNING 1`,
    [id, from, to, lastError],
  );
  return !!row;
}

export async function noteAttempt(q: Queryable, id: number, error: string): Promise<void> {
  await q.query(`UPDATE studio_rounds SET attempts = attempts + 1, last_error = $2 WHERE id = $1`, [id, error.slice(0, 500)]);
}

export async function roundById(q: Queryable, id: number): Promise<RoundRow | null> {
  const r = await q.one<DbRound>(`${ROUND_SELECT} WHERE r.id = $1`, [id]);
  return r ? roundOf(r) : null;
}

/** A member's rounds of a game, newest first (refused bets are not rounds). */
export async function memberRounds(
  q: Queryable,
  memberId: number,
  gameCode: string,
  limit: number,
  before: number | null,
): Promise<RoundRow[]> {
  const rows = await q.query<DbRound>(
    `${ROUND_SELECT}
      WHERE r.member_id = $1 AND r.game_code = $2 AND r.status <> 'REFUSED' AND ($3::bigint IS NULL OR r.id < $3::bigint)
      ORDER BY r.id DESC LIMIT $4`,
    [memberId, gameCode, before, limit],
  );
  return rows.map(roundOf);
}

/** Real rounds left unfinished: a win to deliver, a rollback to send, a bet whose answer never came. */
export async function unfinishedRounds(
  q: Queryable,
  bettingOlderThanS: number,
  pendingOlderThanS: number,
  limit: number,
): Promise<RoundRow[]> {
  const rows = await q.query<DbRound>(
    `${ROUND_SELECT}
      WHERE r.status = 'ROLLBACK'
         OR (r.status = 'PENDING' AND r.created_at < now() - make_interval(secs => $2))
         OR (r.status = 'BETTING' AND r.created_at < now() - make_interval(secs => $1))
      ORDER BY r.id LIMIT $3`,
    [bettingOlderThanS, pendingOlderThanS, limit],
  );
  return rows.map(roundOf);
}

// ---- demo credits -----------------------------------------------------------------------------

export async function demoBalance(q: Queryable, memberId: number, start: bigint): Promise<bigint> {
  await q.query(`INSERT INTO studio_demo_wallets (member_id, balance) VALUES ($1, $2::bigint) ON CONFLICT DO NOTHING`, [
    memberId,
    start.toString(),
  ]);
  const row = await q.one<{ balance: string }>(`SELECT balance::text FROM studio_demo_wallets WHERE member_id = $1`, [memberId]);
  return BigInt(row!.balance);
}

/** Adds (or with a negative amount takes) demo credits; null when they would go below zero. */
export async function moveDemo(q: Queryable, memberId: number, amount: bigint): Promise<bigint | null> {
  const row = await q.one<{ balance: string }>(
    `UPDATE studio_demo_wallets SET balance = balance + $2::bigint, updated_at = now()
      WHERE member_id = $1 AND balance + $2::bigint >= 0 RETURNING balance::text`,
    [memberId, amount.toString()],
  );
  return row ? BigInt(row.balance) : null;
}

export async function resetDemo(q: Queryable, memberId: number, start: bigint): Promise<bigint> {
  await q.query(
    `INSERT INTO studio_demo_wallets (member_id, balance) VALUES ($1, $2::bigint)
     ON CONFLICT (member_id) DO UPDATE SET balance = EXCLUDED.balance, updated_at = now()`,
    [memberId, start.toString()],
  );
  return start;
}

// ---- vendors ----------------------------------------------------------------------------------

/** Gives every vendor without a live wallet-API secret its first one (the values never leave the database here). */
export async function ensureVendorSecrets(q: Queryable): Promise<number> {
  const missing = await q.query<{ code: string }>(
    `SELECT v.code FROM game_vendors v
      WHERE NOT EXISTS (SELECT 1 FROM vendor_wallet_secrets s
                         WHERE s.vendor_code = v.code AND (s.retire_at IS NULL OR s.retire_at > now()))`,
  );
  for (const { code } of missing) await rotateVendorSecret(q, code);
  return missing.length;
}

export interface VendorConnection {
  code: string;
  displayName: string;
  gameTypes: GameType[];
  walletMode: 'SEAMLESS' | 'TRANSFER';
  launchUrlTemplate: string | null;
  connectedAt: Date | null;
}

export async function vendorConnections(q: Queryable, code?: string): Promise<VendorConnection[]> {
  const rows = await q.query<{
    code: string;
    display_name: string;
    game_types: GameType[];
    wallet_mode: 'SEAMLESS' | 'TRANSFER';
    launch_url_template: string | null;
    connected_at: Date | null;
  }>(
    `SELECT code, display_name, game_types, wallet_mode, launch_url_template, connected_at FROM game_vendors
      WHERE ($1::text IS NULL OR code = $1) ORDER BY sort, code`,
    [code ?? null],
  );
  return rows.map((r) => ({
    code: r.code,
    displayName: r.display_name,
    gameTypes: r.game_types,
    walletMode: r.wallet_mode,
    launchUrlTemplate: r.launch_url_template,
    connectedAt: r.connected_at ? new Date(r.connected_at) : null,
  }));
}

export async function setVendorLaunchUrl(q: Queryable, code: string, template: string | null): Promise<boolean> {
  const row = await q.one(
    `UPDATE game_vendors SET launch_url_template = $2, connected_at = CASE WHEN $2::text IS NULL THEN NULL ELSE now() END,
            updated_at = now() WHERE code = $1 RETURNING 1`,
    [code, template],
  );
  return !!row;
}
