export { Modal } from './Modal';
export { Loading } from './Loading';
export { EmptyState } from './EmptyState';
export { ErrorState } from './ErrorState';
export { ConfirmDialog } from './ConfirmDialog';
export { resolvedThenable } from './resolved';
export { useStaged, STAGE_TIMEOUT_MS } from './useStaged';
