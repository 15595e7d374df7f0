import type { Queryable } from '../../db/db';
import { memberAccounts } from './ledger';

export interface WalletLine {
  walletCode: string;
  walletName: string;
  walletNameBn: string | null;
  type: 'MAIN' | 'TRANSFER' | 'BONUS';
  balance: bigint;
}

/**
 * A member's wallets as the storefront lists them: the main wallet first, then one per visible
 * transfer-wallet vendor (0 until first funded), then the bonus wallet when it was ever used.
 */
export async function walletLines(q: Queryable, memberId: number): Promise<WalletLine[]> {
  const [accounts, vendors] = await Promise.all([
    memberAccounts(q, memberId),
    q.query<{ code: string; display_name: string; display_name_bn: string | null }>(
      `SELECT code, display_name, display_name_bn FROM game_vendors WHERE wallet_mode = 'TRANSFER' AND NOT hidden ORDER BY sort, code`,
    ),
  ]);
  const main = accounts.find((a) => a.wallet === 'MAIN');
  const lines: WalletLine[] = [
    {
      walletCode: 'MAIN',
      walletName: 'Main wallet',
      walletNameBn: 'প্রধান ওয়ালেট',
      type: 'MAIN',
      balance: main?.balance ?? BigInt(0),
    },
  ];
  const listed = new Set<string>();
  for (const v of vendors) {
    listed.add(v.code);
    const account = accounts.find((a) => a.wallet === 'VENDOR' && a.vendor === v.code);
    lines.push({
      walletCode: v.code,
      walletName: v.display_name,
      walletNameBn: v.display_name_bn,
      type: 'TRANSFER',
      balance: account?.balance ?? BigInt(0),
    });
  }
  // a vendor hidden or switched to seamless later still shows while money sits in its wallet
  for (const a of accounts) {
    if (a.wallet === 'VENDOR' && a.vendor && !listed.has(a.vendor) && a.balance > BigInt(0)) {
      lines.push({ walletCode: a.vendor, walletName: a.vendor, walletNameBn: null, type: 'TRANSFER', balance: a.balance });
    }
  }
  const bonus = accounts.find((a) => a.wallet === 'BONUS');
  if (bonus)
    lines.push({
      walletCode: 'BONUS',
      walletName: 'Bonus wallet',
      walletNameBn: 'বোনাস ওয়ালেট',
      type: 'BONUS',
      balance: bonus.balance,
    });
  return lines;
}

/** True when no visible vendor uses a transfer wallet: the storefront then shows one balance only. */
export async function isSingleWallet(q: Queryable): Promise<boolean> {
  const row = await q.one(`SELECT 1 FROM game_vendors WHERE wallet_mode = 'TRANSFER' AND NOT hidden LIMIT 1`);
  return !row;
}

export async function memberIdByAccount(q: Queryable, account: string): Promise<{ id: number; type: number } | null> {
  return q.one<{ id: number; type: number }>(`SELECT id, type FROM members WHERE account = $1`, [account.toLowerCase()]);
}

/** True when a vendor with this (upper-case) code exists. */
export async function vendorExists(q: Queryable, code: string): Promise<boolean> {
  const row = await q.one(`SELECT 1 FROM game_vendors WHERE code = $1`, [code]);
  return !!row;
}
