import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { io } from 'socket.io-client';
import { ApiError, apiRequest, type RequestOptions } from '@khela/api-client';
import { LIVE_PATH } from '@khela/api/live';
import {
  CHAT_MAX_LENGTH,
  CHAT_PATHS,
  OPS_LIVE_NAMESPACE,
  opsConversationPath,
  type ChatMessageDto,
  type OpsChatEvent,
  type OpsConversationDto,
} from '@khela/api/chat';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { errorKeys, NS } from './locales';
import { ChatComposer, ChatThread, mergeMessages } from './ChatThread';
import './chat.css';

/** The operator key is kept for the tab only (sessionStorage), never in the page's address. */
const KEY_STORE = 'khela-ops-key';
const readKey = () => sessionStorage.getItem(KEY_STORE);

const codeOf = (err: unknown) => (err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR');

type Load<T> = { state: 'loading' } | { state: 'error'; code: string } | { state: 'ok'; value: T };

/** Newest activity first, one entry per conversation. */
function upsert(list: readonly OpsConversationDto[], c: OpsConversationDto): OpsConversationDto[] {
  return [c, ...list.filter((x) => x.id !== c.id)].sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt) || b.id - a.id);
}

/**
 * The operators' live chat (/operators/chat): asks for the operator key, then lists the open
 * conversations (those waiting for an answer marked) and answers them. New messages arrive live on
 * the live channel's /ops namespace, opened with the same key.
 */
export default function OperatorChat() {
  const { t } = useTranslation(NS);
  const [key, setKey] = useState<string | null>(readKey);
  const [refused, setRefused] = useState<string | null>(null);
  const signOut = useCallback((code?: string) => {
    sessionStorage.removeItem(KEY_STORE);
    setKey(null);
    setRefused(code ?? null);
  }, []);
  const enter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('opsKey') ?? '').trim();
    if (!value) return;
    sessionStorage.setItem(KEY_STORE, value);
    setRefused(null);
    setKey(value);
  };
  return (
    <div className="k-ops-chat" data-testid="ops-chat">
      <h1>{t('ops.title')}</h1>
      {key ? (
        <Desk opsKey={key} onRefused={signOut} />
      ) : (
        <form className="k-ops-chat__key" onSubmit={enter}>
          <label>
            {t('ops.key')} <input type="password" name="opsKey" autoComplete="off" required data-testid="ops-key" />
          </label>
          <button type="submit" className="k-button">
            {t('ops.enter')}
          </button>
          {refused ? (
            <p className="k-chat__error" role="alert">
              {t(errorKeys(refused))}
            </p>
          ) : null}
        </form>
      )}
    </div>
  );
}

function Desk({ opsKey, onRefused }: { opsKey: string; onRefused: (code?: string) => void }) {
  const { t } = useTranslation(NS);
  const [list, setList] = useState<Load<OpsConversationDto[]>>({ state: 'loading' });
  const [selected, setSelected] = useState<number | null>(null);
  const [thread, setThread] = useState<Load<{ conversation: OpsConversationDto; messages: ChatMessageDto[] }> | null>(null);
  const [online, setOnline] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const call = useCallback(
    async <T,>(path: string, opts: RequestOptions = {}): Promise<T> => {
      try {
        return await apiRequest<T>(path, { ...opts, headers: { 'X-Ops-Key': opsKey } });
      } catch (err) {
        const code = codeOf(err);
        if (code === 'OPS_KEY_INVALID' || code === 'OPS_NETWORK_REFUSED') onRefused(code);
        throw err;
      }
    },
    [opsKey, onRefused],
  );

  // the list, again after every (re)connection: messages may have come meanwhile
  const loadList = useCallback(
    () =>
      call<OpsConversationDto[]>(CHAT_PATHS.opsConversations).then(
        (value) => setList({ state: 'ok', value }),
        (err: unknown) => setList({ state: 'error', code: codeOf(err) }),
      ),
    [call],
  );
  useEffect(() => void loadList(), [loadList, attempt]);

  useEffect(() => {
    if (selected === null) return setThread(null);
    let live = true;
    setThread({ state: 'loading' });
    call<{ conversation: OpsConversationDto; messages: ChatMessageDto[] }>(opsConversationPath(selected, 'messages')).then(
      (value) => live && setThread({ state: 'ok', value }),
      (err: unknown) => live && setThread({ state: 'error', code: codeOf(err) }),
    );
    return () => {
      live = false;
    };
  }, [selected, call]);

  const received = useCallback((e: OpsChatEvent) => {
    setList((l) => (l.state === 'ok' ? { state: 'ok', value: upsert(l.value, e.conversation) } : l));
    setThread((th) =>
      th?.state === 'ok' && th.value.conversation.id === e.conversation.id
        ? { state: 'ok', value: { conversation: e.conversation, messages: mergeMessages(th.value.messages, [e.message]) } }
        : th,
    );
  }, []);

  useEffect(() => {
    const socket = io(OPS_LIVE_NAMESPACE, { path: LIVE_PATH, auth: { opsKey }, transports: ['websocket', 'polling'] });
    socket.on('connect', () => {
      setOnline(true);
      void loadList();
    });
    socket.on('disconnect', () => setOnline(false));
    socket.on('connect_error', () => {
      setOnline(false);
      // refused (a wrong key) rather than unreachable: the list call tells which
      if (!socket.active) void loadList();
    });
    socket.on('chat', received);
    return () => void socket.close();
  }, [opsKey, received, loadList]);

  const answer = async (body: string) => {
    if (selected === null) return;
    const message = await call<ChatMessageDto>(opsConversationPath(selected, 'messages'), { method: 'POST', body: { body } });
    setThread((th) =>
      th?.state === 'ok' ? { state: 'ok', value: { ...th.value, messages: mergeMessages(th.value.messages, [message]) } } : th,
    );
  };
  const close = async () => {
    if (selected === null) return;
    try {
      const conversation = await call<OpsConversationDto>(opsConversationPath(selected, 'close'), { method: 'POST' });
      setList((l) => (l.state === 'ok' ? { state: 'ok', value: l.value.filter((c) => c.id !== conversation.id) } : l));
      setThread((th) => (th?.state === 'ok' ? { state: 'ok', value: { ...th.value, conversation } } : th));
    } catch (err) {
      setThread({ state: 'error', code: codeOf(err) });
    }
  };

  const current = thread?.state === 'ok' ? thread.value.conversation : null;
  return (
    <>
      <div className="k-ops-chat__bar">
        <span data-testid="ops-chat-status">{online ? t('ops.live') : t('ops.offline')}</span>
        <button type="button" className="k-button" onClick={() => onRefused()}>
          {t('ops.signOut')}
        </button>
      </div>
      <div className="k-ops-chat__body">
        <section aria-label={t('ops.conversations')}>
          <h2>{t('ops.conversations')}</h2>
          {list.state === 'loading' ? <Loading /> : null}
          {list.state === 'error' ? (
            <ErrorState message={t(errorKeys(list.code))} onRetry={() => setAttempt((n) => n + 1)} />
          ) : null}
          {list.state === 'ok' && list.value.length === 0 ? <EmptyState>{t('ops.none')}</EmptyState> : null}
          {list.state === 'ok' ? (
            <ul className="k-ops-chat__list">
              {list.value.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    aria-current={c.id === selected}
                    data-testid="ops-conversation"
                    data-account={c.account}
                    onClick={() => setSelected(c.id)}
                  >
                    <strong>{c.account}</strong> · {t(`models.${c.modelCode}`)}
                    {c.waiting ? <span className="k-ops-chat__badge">{t('ops.waiting')}</span> : null}
                    {c.last ? <small className="k-ops-chat__last"> — {c.last.body.slice(0, 60)}</small> : null}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section className="k-ops-chat__pane">
          {thread === null ? <p>{t('ops.pick')}</p> : null}
          {thread?.state === 'loading' ? <Loading /> : null}
          {thread?.state === 'error' ? <ErrorState message={t(errorKeys(thread.code))} /> : null}
          {thread?.state === 'ok' && current ? (
            <>
              <div className="k-ops-chat__bar">
                <h2>
                  {current.account} · {t(`models.${current.modelCode}`)}
                  {current.status === 'CLOSED' ? ` (${t('ops.closed')})` : null}
                </h2>
                {current.status === 'OPEN' ? (
                  <button type="button" className="k-button" onClick={() => void close()}>
                    {t('ops.close')}
                  </button>
                ) : null}
              </div>
              <ChatThread
                messages={thread.value.messages}
                mine="OPERATOR"
                labels={{ mine: t('agent'), theirs: current.account }}
              />
              <ChatComposer
                onSend={answer}
                maxLength={CHAT_MAX_LENGTH}
                placeholder={t('ops.answer')}
                disabled={current.status !== 'OPEN'}
              />
            </>
          ) : null}
        </section>
      </div>
    </>
  );
}
