import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@khela/api-client';
import { CAPTCHA_ID_HEADER, CAPTCHA_REFRESH_MS } from '@khela/api/auth';
import { NS } from '../../i18n';

export interface CaptchaState {
  id: string | null;
}

/**
 * The server's captcha image. Each image is single use: `version` changes after every attempt
 * (the form bumps it), and a click loads a new one at most once a second.
 */
export function Captcha({ version, onId }: { version: number; onId: (id: string | null) => void }) {
  const { t } = useTranslation(NS);
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const last = useRef(0);
  const load = useCallback(async () => {
    const now = Date.now();
    if (now - last.current < CAPTCHA_REFRESH_MS) return;
    last.current = now;
    setFailed(false);
    let id: string | null = null;
    try {
      const img = await apiRequest<string>('/wps/captcha', { onResponse: (res) => (id = res.headers.get(CAPTCHA_ID_HEADER)) });
      setImage(img);
      onId(id);
    } catch {
      setFailed(true);
      onId(null);
    }
  }, [onId]);
  useEffect(() => {
    last.current = 0; // a new attempt always gets a new image
    void load();
  }, [load, version]);
  return (
    <button
      type="button"
      className="auth-captcha"
      onClick={() => void load()}
      aria-label={t('captcha.refresh')}
      data-testid="captcha-image"
    >
      {image && !failed ? (
        <img src={image} alt={t('captcha.alt')} />
      ) : (
        <span>{failed ? t('captcha.failed') : t('captcha.loading')}</span>
      )}
    </button>
  );
}
