export { Modal } from './Modal';
export { Loading } from './Loading';
export { EmptyState } from './EmptyState';
export { ErrorState } from './ErrorState';
export { ConfirmDialog } from './ConfirmDialog';
export { resolvedThenable } from './resolved';
