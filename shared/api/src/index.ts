export * from './client';
export * from './contract';
export * from './cs-path';
export * from './remotes';
export * from './games';
export * from './inlined';
export * from './money';
