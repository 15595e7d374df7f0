export * from './roles';
export * from './storage';
export * from './atoms';
export * from './modals';
export * from './live';
