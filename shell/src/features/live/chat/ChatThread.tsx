import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@khela/api-client';
import type { ChatMessageDto } from '@khela/api/chat';
import { errorKeys, NS } from './locales';

/** The thread with the new messages added once each (a message may come both as the answer and live), oldest first. */
export function mergeMessages(current: readonly ChatMessageDto[], incoming: readonly ChatMessageDto[]): ChatMessageDto[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

const timeOf = (iso: string, lang: string) =>
  new Date(iso).toLocaleTimeString(lang === 'bn' ? 'bn-BD' : 'en-GB', { hour: '2-digit', minute: '2-digit' });

/** The messages of a conversation, the newest kept in view. Text only (never HTML). */
export function ChatThread({
  messages,
  mine,
  labels,
}: {
  messages: readonly ChatMessageDto[];
  mine: ChatMessageDto['sender'];
  labels: { mine: string; theirs: string };
}) {
  const { i18n } = useTranslation(NS);
  const end = useRef<HTMLLIElement>(null);
  const last = messages[messages.length - 1]?.id;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [last]);
  return (
    <ol className="k-chat__thread" aria-live="polite" data-testid="chat-thread">
      {messages.map((m) => (
        <li
          key={m.id}
          className={m.sender === mine ? 'k-chat__msg k-chat__msg--mine' : 'k-chat__msg'}
          data-testid="chat-message"
          data-sender={m.sender}
        >
          <span className="k-chat__who">
            {m.sender === mine ? labels.mine : labels.theirs} ·{' '}
            <time dateTime={m.createdAt}>{timeOf(m.createdAt, i18n.language)}</time>
          </span>
          <p>{m.body}</p>
        </li>
      ))}
      <li ref={end} aria-hidden="true" className="k-chat__end" />
    </ol>
  );
}

/** The box a message is written in; Enter sends, Shift+Enter starts a new line. A refusal is shown translated, the text kept. */
export function ChatComposer({
  onSend,
  maxLength,
  placeholder,
  disabled,
}: {
  onSend: (body: string) => Promise<void>;
  maxLength: number;
  placeholder: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy) return;
    if (!text.trim()) return setError('CHAT_EMPTY');
    setBusy(true);
    setError(null);
    try {
      await onSend(text);
      setText('');
    } catch (err) {
      setError(err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="k-chat__composer" onSubmit={(e) => void submit(e)}>
      {error ? (
        <p className="k-chat__error" role="alert" data-testid="chat-error">
          {t(errorKeys(error))}
        </p>
      ) : null}
      <textarea
        value={text}
        rows={2}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-label={placeholder}
        disabled={disabled}
        data-testid="chat-input"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void submit();
          }
        }}
      />
      <button type="submit" className="k-button" disabled={busy || disabled} data-testid="chat-send">
        {busy ? t('sending') : t('send')}
      </button>
    </form>
  );
}
