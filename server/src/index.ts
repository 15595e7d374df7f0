export { buildApi, type ApiOptions } from './app';
export { rumSampleRate } from './domains/rum/rum.plugin';
export { createDb, type Db, type DbOptions, type Queryable } from './db/db';
export { migrate } from './db/migrate';
export { seed } from './db/seed';
export { ApiError, ok, replies, type Envelope } from './http/envelope';
export { loadMember, requireMember } from './http/auth';
export { guardOps, requireOps, sameKey } from './http/ops-auth';
