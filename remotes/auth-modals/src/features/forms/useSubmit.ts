import { useCallback, useState } from 'react';
import { useSetAtom } from 'jotai';
import { ApiError, NETWORK_ERROR } from '@khela/api-client';
import { pageLoaderAtom } from '@khela/session';

/**
 * One submission at a time, with the page loader while it runs; a refusal is kept as its
 * errorCode (translated where it is shown) together with the server's message and value.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const setLoader = useSetAtom(pageLoaderAtom);
  const run = useCallback(
    async <T>(action: () => Promise<T>): Promise<T | undefined> => {
      if (busy) return undefined;
      setBusy(true);
      setLoader(true);
      setFailure(null);
      try {
        return await action();
      } catch (err) {
        setFailure(err instanceof ApiError ? err : new ApiError(NETWORK_ERROR, String(err), 0));
        return undefined;
      } finally {
        setBusy(false);
        setLoader(false);
      }
    },
    [busy, setLoader],
  );
  return { busy, failure, setFailure, run };
}
