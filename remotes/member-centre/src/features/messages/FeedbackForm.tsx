import { useRef, useState, type FormEvent } from 'react';
import { countWords } from '@khela/api/member-centre';
import { ErrorState, Loading } from '@khela/ui';
import { FieldError, useErrorText, useLoad, useMoney } from '../../common/payments/ui';
import { addNamespace } from '@khela/i18n';
import { NS } from '../../i18n';
import { fetchFeedbackConfig, sendFeedback } from './feedbackApi';
import { bn, en } from './locales';

addNamespace(NS, { bn, en });

const TYPES = ['image/png', 'image/jpeg'];

/** Feedback: text within the operator's word bounds, up to 3 PNG or JPG images (5 MB each), a progress bar. */
export function FeedbackForm() {
  const { t, num } = useMoney();
  const errorText = useErrorText();
  const config = useLoad((signal) => fetchFeedbackConfig(signal));
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ content?: string; files?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [sent, setSent] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  if (config.loading && !config.value) return <Loading />;
  if (config.error && !config.value) return <ErrorState message={errorText(config.error)} onRetry={config.reload} />;
  const c = config.value!;
  const words = countWords(content);

  const pick = (list: FileList | null) => {
    const picked = [...files, ...Array.from(list ?? [])];
    if (input.current) input.current.value = '';
    if (picked.length > c.maxImages)
      return setErrors((e) => ({ ...e, files: t('messages.feedback.tooMany', { n: c.maxImages }) }));
    const bad = picked.find((f) => !TYPES.includes(f.type));
    if (bad) return setErrors((e) => ({ ...e, files: t('messages.feedback.notImage', { name: bad.name }) }));
    const big = picked.find((f) => f.size > c.maxBytes);
    if (big) return setErrors((e) => ({ ...e, files: t('messages.feedback.tooLarge', { name: big.name }) }));
    setErrors((e) => ({ ...e, files: undefined }));
    setFiles(picked);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSent(false);
    setFailure(null);
    if (words < c.minWords || words > c.maxWords)
      return setErrors({ content: t('messages.feedback.words', { min: num(c.minWords), max: num(c.maxWords) }) });
    setErrors({});
    setProgress(0);
    try {
      await sendFeedback(content.trim(), files, setProgress);
      setSent(true);
      setContent('');
      setFiles([]);
    } catch (err) {
      setFailure(err);
    } finally {
      setProgress(null);
    }
  };

  return (
    <form className="fb-form" onSubmit={submit} noValidate data-testid="feedback-form">
      <label htmlFor="fb-content">{t('messages.feedback.label')}</label>
      <textarea
        id="fb-content"
        rows={5}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        aria-invalid={errors.content ? true : undefined}
        data-testid="feedback-content"
      />
      <small className="fb-muted" data-testid="feedback-words">
        {t('messages.feedback.count', { n: num(words), min: num(c.minWords), max: num(c.maxWords) })}
      </small>
      <FieldError testId="feedback-content-error">{errors.content}</FieldError>
      <label htmlFor="fb-files">{t('messages.feedback.images', { n: c.maxImages })}</label>
      <input
        id="fb-files"
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        multiple
        onChange={(e) => pick(e.target.files)}
        disabled={files.length >= c.maxImages || progress !== null}
        data-testid="feedback-files"
      />
      {files.length ? (
        <ul className="fb-files">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <span>{f.name}</span>
              <button
                type="button"
                className="k-link"
                onClick={() => setFiles((all) => all.filter((_, j) => j !== i))}
                aria-label={t('messages.feedback.remove', { name: f.name })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError testId="feedback-files-error">{errors.files}</FieldError>
      {progress !== null ? (
        <progress max={1} value={progress} aria-label={t('messages.feedback.uploading')} data-testid="feedback-progress" />
      ) : null}
      {failure ? <ErrorState message={errorText(failure)} testId="feedback-error" /> : null}
      {sent ? (
        <p className="fb-ok" role="status" data-testid="feedback-sent">
          {t('messages.feedback.sent')}
        </p>
      ) : null}
      <button type="submit" className="k-button" disabled={progress !== null} data-testid="feedback-submit">
        {progress !== null ? t('messages.feedback.uploading') : t('messages.feedback.send')}
      </button>
    </form>
  );
}
