import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@khela/api-client';
import { NS } from '../../i18n';
import { formatNumber, useLang } from '../../lib/format';
import { isClientSeed, randomClientSeed } from '../../lib/seeds';
import type { EngineId, Fairness, Revealed } from '../../lib/studio-api';

interface FairnessPanelProps {
  engine: EngineId;
  fairness: Fairness | null;
  /** resolves with the server seed the change revealed (the studio rotates it with a new client seed) */
  onSave: (clientSeed: string) => Promise<Revealed | null>;
  onRotate: () => Promise<Revealed>;
}

const codeOf = (err: unknown) => (err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR');

/** The committed server-seed hash, the player's client seed (editable), the nonce, and rotation. */
export function FairnessPanel({ engine, fairness, onSave, onRotate }: FairnessPanelProps) {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const seedId = useId();
  const helpId = useId();
  const [seed, setSeed] = useState(fairness?.clientSeed ?? '');
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [rotating, setRotating] = useState(false);
  const current = fairness?.clientSeed;
  useEffect(() => {
    if (current !== undefined) setSeed(current);
  }, [current]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!isClientSeed(seed)) {
      setMessage({ ok: false, text: t('fairness.badClientSeed') });
      return;
    }
    setSaving(true);
    setMessage(null);
    try {
      const old = await onSave(seed);
      if (old) setRevealed(old);
      setMessage({ ok: true, text: t(old ? 'fairness.savedRotated' : 'fairness.saved') });
    } catch (err) {
      const code = codeOf(err);
      setMessage({ ok: false, text: t([`errors.${code}`, `common:errors.${code}`, 'common:errors.UNKNOWN_ERROR']) });
    } finally {
      setSaving(false);
    }
  };
  const rotate = async () => {
    setRotating(true);
    setMessage(null);
    try {
      setRevealed(await onRotate());
    } catch (err) {
      const code = codeOf(err);
      setMessage({ ok: false, text: t([`errors.${code}`, `common:errors.${code}`, 'common:errors.UNKNOWN_ERROR']) });
    } finally {
      setRotating(false);
    }
  };

  return (
    <section className="kg-panel kg-fair" aria-labelledby={`${seedId}-title`} data-testid="fairness-panel">
      <h2 id={`${seedId}-title`}>{t('fairness.title')}</h2>
      <p className="kg-muted kg-small">{t('fairness.intro')}</p>
      <dl className="kg-facts">
        <dt>{t('fairness.serverSeedHash')}</dt>
        <dd className="kg-mono" data-testid="server-seed-hash">
          {fairness?.serverSeedHash ?? '—'}
        </dd>
        <dt>{t('fairness.nonce')}</dt>
        <dd data-testid="nonce">{fairness ? formatNumber(fairness.nonce, lang) : '—'}</dd>
      </dl>
      <form className="kg-seed-form" onSubmit={save} noValidate>
        <label htmlFor={seedId}>{t('fairness.clientSeed')}</label>
        <div className="kg-seed-form__row">
          <input
            id={seedId}
            className="kg-input kg-mono"
            value={seed}
            maxLength={64}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={helpId}
            aria-invalid={message && !message.ok ? true : undefined}
            onChange={(e) => setSeed(e.target.value)}
            data-testid="client-seed-input"
          />
          <button type="button" className="kg-btn" onClick={() => setSeed(randomClientSeed())} disabled={saving}>
            {t('fairness.random')}
          </button>
          <button
            type="submit"
            className="kg-btn kg-btn--primary"
            disabled={saving || seed === current}
            data-testid="client-seed-save"
          >
            {t('fairness.save')}
          </button>
        </div>
        <p id={helpId} className="kg-hint">
          {t('fairness.clientSeedHelp')}
        </p>
      </form>
      {message ? (
        <p className={message.ok ? 'kg-ok' : 'kg-alert'} role={message.ok ? 'status' : 'alert'} data-testid="fairness-message">
          {message.text}
        </p>
      ) : null}
      <p className="kg-small">
        <Link to={`/play/verify?${new URLSearchParams({ engine })}`} className="kg-link" data-testid="verify-by-hand">
          {t('fairness.verifyByHand')}
        </Link>
      </p>
      <div className="kg-rotate">
        <button type="button" className="kg-btn" onClick={rotate} disabled={rotating} data-testid="rotate-seed">
          {rotating ? t('fairness.rotating') : t('fairness.rotate')}
        </button>
        <p className="kg-hint">{t('fairness.rotateHelp')}</p>
      </div>
      {revealed ? (
        <div className="kg-revealed" role="status" data-testid="revealed-seed">
          <h3>{t('fairness.revealedTitle')}</h3>
          <dl className="kg-facts">
            <dt>{t('fairness.revealedSeed')}</dt>
            <dd className="kg-mono" data-testid="revealed-server-seed">
              {revealed.serverSeed}
            </dd>
            <dt>{t('fairness.revealedHash')}</dt>
            <dd className="kg-mono">{revealed.serverSeedHash}</dd>
            <dt>{t('fairness.clientSeed')}</dt>
            <dd className="kg-mono">{revealed.clientSeed}</dd>
          </dl>
          <p className="kg-muted">{t('fairness.revealedRounds', { rounds: formatNumber(revealed.nonce, lang) })}</p>
          <Link
            to={`/play/verify?${new URLSearchParams({ engine, serverSeed: revealed.serverSeed, serverSeedHash: revealed.serverSeedHash, clientSeed: revealed.clientSeed, nonce: '0' })}`}
            className="kg-link"
          >
            {t('fairness.verifyPage')}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
