// Password hashing (argon2id) and the server's half of the password policy (the list of common
// passwords, which is never shipped to the browser).
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash, parseOptions, verify } from '@node-rs/argon2';
import { repoRoot } from '../../config';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum in the typings)

/** OWASP's argon2id parameters (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OWASP = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;
/** Tests only (AuthOptions.unsafeTestCrypto): the same algorithm at a cost that takes a millisecond. */
export const ARGON2_UNSAFE_TEST = { memoryCost: 1024, timeCost: 1, parallelism: 1, outputLen: 32 } as const;

export interface PasswordHasher {
  readonly params: { memoryCost: number; timeCost: number; parallelism: number; outputLen: number };
  hash(password: string): Promise<string>;
  /**
   * Whether `password` matches `stored`. Without a stored hash (an unknown account, or one with
   * no password) it is checked against a dummy hash, so the answer takes the same time.
   */
  verify(stored: string | null | undefined, password: string): Promise<boolean>;
  /** A stored hash made with other parameters than the current ones (rehash it at the next login). */
  needsRehash(stored: string): boolean;
}

export function createPasswordHasher(opts: { unsafeTestParams?: boolean } = {}): PasswordHasher {
  const params = opts.unsafeTestParams ? ARGON2_UNSAFE_TEST : ARGON2_OWASP;
  const options = { ...params, algorithm: ARGON2ID };
  let dummy: Promise<string> | null = null;
  const dummyHash = () => (dummy ??= hash(`dummy-${randomInt(1e9)}-${Date.now()}`, options));
  return {
    params,
    hash: (password) => hash(password, options),
    async verify(stored, password) {
      try {
        if (!stored) {
          await verify(await dummyHash(), password);
          return false;
        }
        return await verify(stored, password);
      } catch {
        return false; // a malformed stored hash matches nothing
      }
    },
    needsRehash(stored) {
      try {
        const p = parseOptions(stored);
        return (
          p.algorithm !== ARGON2ID ||
          p.memoryCost !== params.memoryCost ||
          p.timeCost !== params.timeCost ||
          p.parallelism !== params.parallelism
        );
      } catch {
        return true;
      }
    },
  };
}

let common: Set<string> | null = null;
/** The 3,000 most common passwords (server/data/common-passwords-3000.txt), lower-cased. */
export function commonPasswords(): Set<string> {
  if (!common) {
    const text = readFileSync(join(repoRoot, 'server', 'data', 'common-passwords-3000.txt'), 'utf8');
    common = new Set(
      text
        .split(/\r?\n/)
        .map((l) => l.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return common;
}

export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A random password of unambiguous letters and digits (about 5.7 bits a character). */
export function randomPassword(length = 12): string {
  let s = '';
  for (let i = 0; i < length; i++) s += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return s;
}
