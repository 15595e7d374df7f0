import { useLoad } from '../../common/payments/ui';
import { fetchFilters } from './api';

/** The filters' choices (game types, vendors, wallets); a failure only leaves the selects with "all". */
export function useFilterChoices() {
  const { value } = useLoad((signal) => fetchFilters(signal));
  return value ?? { gameTypes: [], vendors: [], wallets: [], movementTypes: [] };
}
