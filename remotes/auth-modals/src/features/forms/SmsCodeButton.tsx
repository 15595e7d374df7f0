import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, NETWORK_ERROR } from '@khela/api-client';
import { SMS_DEFAULT_EXPIRED_MINUTES, SMS_THROTTLE_MS, type SmsSent } from '@khela/api/auth';
import { Modal } from '@khela/ui';
import { NS } from '../../i18n';

interface Props {
  /** validates the mobile number first; returns false to block the send */
  canSend: () => boolean;
  send: () => Promise<SmsSent>;
  testId?: string;
}

/**
 * Sends an SMS code. After a send the button is disabled and counts down the seconds from the
 * expiry (60 per minute of expiredMinutes, default 1 minute); sending is blocked while it counts
 * and throttled to once a second. A refused send shows a warning dialog with the server's message.
 */
export function SmsCodeButton({ canSend, send, testId = 'sms-send' }: Props) {
  const { t } = useTranslation([NS, 'common']);
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [warning, setWarning] = useState<ApiError | null>(null);
  const lastClick = useRef(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  async function click() {
    const now = Date.now();
    if (left > 0 || sending || now - lastClick.current < SMS_THROTTLE_MS) return;
    lastClick.current = now;
    if (!canSend()) return;
    setSending(true);
    try {
      const sent = await send();
      setLeft(Math.round(60 * (sent?.expiredMinutes || SMS_DEFAULT_EXPIRED_MINUTES)));
    } catch (err) {
      setWarning(err instanceof ApiError ? err : new ApiError(NETWORK_ERROR, '', 0));
    } finally {
      setSending(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="k-button auth-sms"
        disabled={left > 0 || sending}
        onClick={() => void click()}
        data-testid={testId}
      >
        {left > 0 ? t('sms.countdown', { seconds: left }) : t('sms.send')}
      </button>
      {warning ? (
        <Modal title={t('sms.failedTitle')} onClose={() => setWarning(null)} testId="sms-warning">
          <p>
            {t([`errors.${warning.errorCode}`, `common:errors.${warning.errorCode}`], {
              defaultValue: warning.message || t('common:errors.UNKNOWN_ERROR'),
            })}
          </p>
          <div className="k-dialog-actions">
            <button type="button" className="k-button" onClick={() => setWarning(null)}>
              {t('common:confirm')}
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
