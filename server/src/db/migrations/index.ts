import { init } from './0001_init';

/** One schema change. Never edit an applied migration: add the next version. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Ordered and append-only. */
export const migrations: readonly Migration[] = [init];
