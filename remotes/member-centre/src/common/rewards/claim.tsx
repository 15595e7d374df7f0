import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@khela/api-client';
import { ErrorState } from '@khela/ui';
import { NS } from '../../i18n';
import { useErrorText } from '../payments/ui';

/**
 * One claim at a time, as every reward surface does it (bonus rewards, missions, raffles, red
 * envelopes): a double click claims once, the notice or the translated refusal of the last claim is
 * kept, and what the claim changed is reloaded whatever its outcome. A refusal reads
 * `<errorScope>.errors.<CODE>` when the surface has its own words for it, else the member centre's
 * shared refusals (a break's end date, too many requests, the network, an unknown error).
 */
export function useClaim(errorScope: string, afterwards: () => void) {
  const { t, i18n } = useTranslation(NS);
  const errorText = useErrorText();
  const running = useRef(false);
  const [busy, setBusy] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const claim = async <R,>(id: number, call: () => Promise<R>, noticeOf: (result: R) => string) => {
    if (running.current) return; // a double click, even before the button is disabled, claims once
    running.current = true;
    setBusy(id);
    setNotice(null);
    setFailed(null);
    try {
      setNotice(noticeOf(await call()));
    } catch (err) {
      const own = `${errorScope}.errors.${err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR'}`;
      setFailed(i18n.exists(own, { ns: NS }) ? t(own) : errorText(err));
    } finally {
      running.current = false;
      setBusy(null);
      afterwards();
    }
  };
  return { busy, notice, failed, claim };
}

/** The last claim's notice (a status for screen readers) or its refusal. */
export function ClaimFeedback({ notice, failed, testId }: { notice: string | null; failed: string | null; testId: string }) {
  return (
    <>
      {notice ? (
        <p className="rw-notice" role="status" data-testid={`${testId}-notice`}>
          {notice}
        </p>
      ) : null}
      {failed ? <ErrorState message={failed} testId={`${testId}-error`} /> : null}
    </>
  );
}
