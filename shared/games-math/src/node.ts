import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Hmac, Sha256 } from './fair';

/** Server only (node:crypto): never import this entry from browser code. */

export const nodeHmac: Hmac = async (key, message) => createHmac('sha256', key).update(message, 'utf8').digest();

export const nodeSha256: Sha256 = async (message) => createHash('sha256').update(message, 'utf8').digest();

/** A new server seed: 32 random bytes as 64 lower-case hex characters. */
export const newServerSeed = () => randomBytes(32).toString('hex');

/** The commitment of a server seed, synchronously. */
export const serverSeedHashSync = (serverSeed: string) => createHash('sha256').update(serverSeed, 'utf8').digest('hex');

/** A random client seed for a player who has not chosen one (16 characters of base64url). */
export const newClientSeed = () => randomBytes(12).toString('base64url');
