import {
  type ConsolidatedDto,
  type RecallDto,
  type TransferDirection,
  type TransferDto,
  type TransferRecordsDto,
} from '@khela/api';
import { apiRequest } from '@khela/api-client';
import { TRANSFER_PATHS } from '@khela/api/transfer';

export const fetchFunds = (signal?: AbortSignal) => apiRequest<ConsolidatedDto>(TRANSFER_PATHS.consolidated, { signal });

export const fetchRecords = (signal?: AbortSignal) =>
  apiRequest<TransferRecordsDto>(TRANSFER_PATHS.records, { query: { pageNo: 1, pageSize: 10 }, signal });

export const postTransfer = (body: { vendor: string; direction: TransferDirection; amount: string; reference: string }) =>
  apiRequest<TransferDto>(TRANSFER_PATHS.transfer, { method: 'POST', body });

export const postRecall = (reference: string) =>
  apiRequest<RecallDto>(TRANSFER_PATHS.recall, { method: 'POST', body: { reference } });

/** A reference for one transfer (kept for its retries, so a retry moves nothing twice). */
export function newReference(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
