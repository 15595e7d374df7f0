import { useEffect, useState } from 'react';
import { addNamespace } from '@khela/i18n';
import { apiRequest } from '@khela/api-client';
import { MESSAGE_PATHS, type InboxDto, type MessageChangeDto, type MessageDto } from '@khela/api/member-centre';
import { onLiveEvent } from '@khela/session';
import { ConfirmDialog, EmptyState, ErrorState, Loading } from '@khela/ui';
import { useErrorText, useLoad, useMoney } from '../../common/payments/ui';
import { NS } from '../../i18n';
import { bn, en } from './locales';
import { FeedbackForm } from './FeedbackForm';
import './messages.css';

addNamespace(NS, { bn, en });

const SIZE = 20;

const inboxPage = (page: number, signal?: AbortSignal) =>
  apiRequest<InboxDto>(MESSAGE_PATHS.inbox, { signal, query: { page, size: SIZE } });
const post = (path: string, body: object) => apiRequest<MessageChangeDto>(path, { method: 'POST', body });

/**
 * The member's messages (messageV2): newest first, unread ones marked; opening one marks it read,
 * it can be deleted, and all can be marked read. The content is HTML the server sanitised. A new
 * message (the live `badges` event with another unread count) reloads the list.
 */
function Inbox() {
  const { t, time, num } = useMoney();
  const errorText = useErrorText();
  const data = useLoad((signal) => inboxPage(1, signal));
  const [list, setList] = useState<MessageDto[]>([]);
  const [page, setPage] = useState(1);
  const [total, setTotal] = useState(0);
  const [unread, setUnread] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<MessageDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);

  useEffect(() => {
    if (!data.value) return;
    setList(data.value.list);
    setUnread(data.value.unread);
    setTotal(data.value.total);
    setPage(1);
  }, [data.value]);

  const { reload } = data;
  useEffect(() => onLiveEvent('badges', (b) => b.message !== unread && reload()), [unread, reload]);

  const act = async <R,>(run: () => Promise<R>, apply: (r: R) => void) => {
    setBusy(true);
    setFailed(null);
    try {
      apply(await run());
    } catch (err) {
      setFailed(err);
    } finally {
      setBusy(false);
    }
  };

  const open = (m: MessageDto) => {
    setOpenId(openId === m.id ? null : m.id);
    if (!m.read) {
      void act(
        () => post(MESSAGE_PATHS.read, { ids: [m.id] }),
        (r) => {
          setList((l) => l.map((x) => (x.id === m.id ? { ...x, read: true } : x)));
          setUnread(r.unread);
        },
      );
    }
  };
  const readAll = () =>
    act(
      () => post(MESSAGE_PATHS.readAll, {}),
      (r) => {
        setList((l) => l.map((x) => ({ ...x, read: true })));
        setUnread(r.unread);
      },
    );
  const remove = (m: MessageDto) =>
    act(
      () => post(MESSAGE_PATHS.remove, { ids: [m.id] }),
      (r) => {
        setList((l) => l.filter((x) => x.id !== m.id));
        setTotal((n) => n - r.changed);
        setUnread(r.unread);
        setConfirm(null);
      },
    );
  const more = () =>
    act(
      () => inboxPage(page + 1),
      (next) => {
        const seen = new Set(list.map((x) => x.id));
        setList((l) => [...l, ...next.list.filter((x) => !seen.has(x.id))]);
        setTotal(next.total);
        setUnread(next.unread);
        setPage(page + 1);
      },
    );

  if (data.loading && !data.value) return <Loading />;
  if (data.error && !data.value) return <ErrorState message={errorText(data.error)} onRetry={data.reload} />;

  return (
    <div data-testid="messages-page">
      <div className="msg-bar">
        <span data-testid="messages-unread">{unread > 0 ? t('messages.unread', { n: num(unread) }) : t('messages.allRead')}</span>
        <button
          type="button"
          className="k-button k-button--ghost"
          onClick={() => void readAll()}
          disabled={busy || unread === 0}
          data-testid="messages-read-all"
        >
          {t('messages.markAllRead')}
        </button>
      </div>
      {failed ? (
        <p className="k-error" role="alert">
          {errorText(failed)}
        </p>
      ) : null}
      {list.length === 0 ? (
        <EmptyState>{t('messages.none')}</EmptyState>
      ) : (
        <ul className="msg-list">
          {list.map((m) => (
            <li
              key={m.id}
              className={`msg-item${m.read ? '' : ' msg-item--unread'}`}
              data-testid={`message-${m.id}`}
              data-read={m.read}
            >
              <button type="button" className="msg-head" aria-expanded={openId === m.id} onClick={() => open(m)}>
                {m.read ? null : <span className="msg-new">{t('messages.newBadge')}</span>}
                <strong>{m.title}</strong>
                <small>
                  {t(`messages.category.${m.category}`)} · {time(m.createdAt)}
                </small>
              </button>
              {openId === m.id ? (
                <div className="msg-body">
                  <div className="promo-rich" data-testid="message-content" dangerouslySetInnerHTML={{ __html: m.content }} />
                  <div className="msg-actions">
                    <button type="button" className="k-button k-button--ghost" onClick={() => setConfirm(m)} disabled={busy}>
                      {t('messages.delete')}
                    </button>
                  </div>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {list.length < total ? (
        <button type="button" className="k-button k-button--ghost" onClick={() => void more()} disabled={busy}>
          {t('messages.more')}
        </button>
      ) : null}
      {confirm ? (
        <ConfirmDialog
          title={t('messages.deleteTitle')}
          onConfirm={() => void remove(confirm)}
          onCancel={() => setConfirm(null)}
          busy={busy}
          testId="message-delete-confirm"
        >
          <p>{t('messages.deleteText', { title: confirm.title })}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The messageV2 page: the inbox, and the feedback form. */
export default function MessagesPage() {
  const { t } = useMoney();
  const [tab, setTab] = useState<'inbox' | 'feedback'>('inbox');
  return (
    <>
      <div className="msg-tabs" role="tablist">
        {(['inbox', 'feedback'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`k-button ${tab === k ? '' : 'k-button--ghost'}`}
            onClick={() => setTab(k)}
            data-testid={`messages-tab-${k}`}
          >
            {t(`messages.tabs.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'inbox' ? <Inbox /> : <FeedbackForm />}
    </>
  );
}
