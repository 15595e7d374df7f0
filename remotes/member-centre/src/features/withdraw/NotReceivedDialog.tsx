import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatCount } from '@khela/api';
import { COMPLAINT_MAX, PROOF_MAX_BYTES, PROOF_MAX_FILES, sniffImage, type WithdrawalDto } from '@khela/api/payments';
import { Modal } from '@khela/ui';
import { FieldError, fieldErrorsOf, useErrorText, useMoney } from '../../common/payments/ui';
import { reportNotReceived } from './api';

/** The browser's type and the name are not trusted: the first bytes must say PNG or JPEG. */
async function checkFile(f: File): Promise<string | null> {
  if (f.size > PROOF_MAX_BYTES) return 'PROOF_TOO_LARGE';
  const head = new Uint8Array(await f.slice(0, 8).arrayBuffer());
  return sniffImage(head) ? null : 'PROOF_NOT_IMAGE';
}

const kb = (n: number) => `${Math.max(1, Math.round(n / 1024))} KB`;

/** "Not received": a complaint and 1 to 3 proof images, uploaded with a progress bar. */
export function NotReceivedDialog({
  withdrawal,
  onClose,
  onDone,
}: {
  withdrawal: WithdrawalDto;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, money, lang } = useMoney();
  const errorText = useErrorText();
  const [complaint, setComplaint] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function pick(list: FileList | null) {
    setFileError(undefined);
    const chosen = [...files, ...Array.from(list ?? [])];
    if (chosen.length > PROOF_MAX_FILES) {
      setFileError(t('pay.errors.PROOF_TOO_MANY'));
      return;
    }
    for (const f of chosen) {
      const problem = await checkFile(f);
      if (problem) {
        setFileError(`${f.name}: ${t(`pay.errors.${problem}`)}`);
        return;
      }
    }
    setFiles(chosen);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(undefined);
    if (!files.length) return setFileError(t('pay.errors.PROOF_REQUIRED'));
    if (complaint.length > COMPLAINT_MAX) return;
    abort.current = new AbortController();
    setProgress(0);
    try {
      await reportNotReceived(withdrawal.id, complaint.trim(), files, setProgress, abort.current.signal);
      onDone();
    } catch (err) {
      if ((err as Error)?.name === 'CanceledError') return;
      setProgress(null);
      const fields = fieldErrorsOf(err, errorText);
      if (fields.files) setFileError(fields.files);
      else setFormError(errorText(err));
    }
  }

  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <Modal title={t('withdraw.notReceivedTitle')} onClose={onClose} testId="not-received-dialog">
      <form className="pay" onSubmit={submit} noValidate>
        <p className="pay-field__hint">
          #{withdrawal.id} · {money(withdrawal.amount)} · {t(`pay.methods.${withdrawal.method}`)} {withdrawal.accountNo}
        </p>
        <label className="pay-field">
          <span className="pay-field__label">{t('withdraw.complaint')}</span>
          <textarea
            rows={3}
            maxLength={COMPLAINT_MAX}
            value={complaint}
            onChange={(e) => setComplaint(e.target.value)}
            data-testid="complaint-input"
          />
          <small className="pay-field__hint">
            {complaint.length}/{COMPLAINT_MAX}
          </small>
        </label>
        <div className="pay-field">
          <span className="pay-field__label">{t('withdraw.proofs')}</span>
          <input
            id="proof-input"
            className="pay-visually-hidden"
            type="file"
            accept="image/png,image/jpeg"
            multiple
            disabled={progress !== null || files.length >= PROOF_MAX_FILES}
            data-testid="proof-input"
            onChange={(e) => {
              void pick(e.target.files);
              e.target.value = '';
            }}
          />
          <div className="pay-actions">
            <label
              htmlFor="proof-input"
              className="k-button k-button--ghost"
              aria-disabled={progress !== null || files.length >= PROOF_MAX_FILES}
            >
              {t('withdraw.chooseImages')}
            </label>
          </div>
          <small className="pay-field__hint">{t('withdraw.proofHint')}</small>
          <FieldError testId="proof-error">{fileError}</FieldError>
          {files.length ? (
            <ul className="pay-files" data-testid="proof-files">
              {files.map((f, i) => (
                <li key={`${f.name}-${i}`}>
                  {f.name} ({kb(f.size)}){' '}
                  {progress === null ? (
                    <button type="button" className="k-link" onClick={() => setFiles(files.filter((_, j) => j !== i))}>
                      {t('withdraw.remove')}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {progress !== null ? (
          <div className="pay-field">
            <div
              className="pay-progress"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              data-testid="upload-progress"
            >
              <span style={{ width: `${percent}%` }} />
            </div>
            <small>{t('withdraw.uploading', { percent: formatCount(percent, lang) })}</small>
          </div>
        ) : null}
        <FieldError testId="not-received-error">{formError}</FieldError>
        <div className="pay-actions">
          <button type="submit" className="k-button" disabled={progress !== null} data-testid="not-received-send">
            {t('withdraw.send')}
          </button>
          <button type="button" className="k-button k-button--ghost" onClick={onClose}>
            {t('withdraw.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
