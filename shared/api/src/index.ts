export * from './client';
export * from './contract';
export * from './cs-path';
export * from './remotes';
export * from './games';
export * from './money';
// types only: their few constants are imported from '@khela/api/src/live' and '/src/transfer' by
// the code that needs them, so the guest's first page does not carry them
export type * from './live';
export type * from './transfer';
