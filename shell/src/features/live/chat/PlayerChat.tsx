import { useCallback, useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ApiError, apiRequest } from '@khela/api-client';
import {
  CHAT_MAX_LENGTH,
  CHAT_MODELS,
  CHAT_PATHS,
  type ChatConversationDto,
  type ChatMessageDto,
  type ChatModel,
} from '@khela/api/chat';
import { loginStateAtom, onLiveEvent, openModalAtom, sessionPhaseAtom } from '@khela/session';
import { EmptyState, ErrorState, Loading } from '@khela/ui';
import { liveStatusAtom } from '../balance';
import { errorKeys, NS } from './locales';
import { ChatComposer, ChatThread, mergeMessages } from './ChatThread';
import './chat.css';

type Load = { state: 'loading' } | { state: 'error'; code: string } | { state: 'ok'; value: ChatConversationDto };

const codeOf = (err: unknown) => (err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR');

/**
 * The member's live chat with customer service (/livechat, the `chatUrl` a launch answers; opened in
 * the 440 by 750 customer-service window). Messages are stored by the server and arrive live both
 * ways: the operator's answers come on the member's live channel (`chat`).
 */
export default function PlayerChat() {
  const { t } = useTranslation(NS);
  const phase = useAtomValue(sessionPhaseAtom);
  const login = useAtomValue(loginStateAtom);
  const openModal = useSetAtom(openModalAtom);
  const [params] = useSearchParams();
  const asked = params.get('model') as ChatModel | null;
  const [model, setModel] = useState<ChatModel>(asked && CHAT_MODELS.includes(asked) ? asked : 'GENERAL');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const real = login.isLogin && !login.isTrial;
  const live = useAtomValue(liveStatusAtom);
  // read again whenever the live channel (re)connects: answers may have come while it was down
  const online = live === 'online';

  useEffect(() => {
    if (!real) return;
    const ctrl = new AbortController();
    setLoad((l) => (l.state === 'ok' ? l : { state: 'loading' }));
    apiRequest<ChatConversationDto>(CHAT_PATHS.messages, { signal: ctrl.signal }).then(
      (value) => setLoad({ state: 'ok', value }),
      (err: unknown) => !ctrl.signal.aborted && setLoad({ state: 'error', code: codeOf(err) }),
    );
    return () => ctrl.abort();
  }, [real, attempt, online]);

  const add = useCallback((incoming: ChatMessageDto[]) => {
    setLoad((l) =>
      l.state === 'ok'
        ? {
            state: 'ok',
            value: {
              ...l.value,
              conversationId: incoming[incoming.length - 1]?.conversationId ?? l.value.conversationId,
              messages: mergeMessages(
                // a new conversation (the last one was closed) starts a new thread
                l.value.messages.filter((m) => incoming.every((i) => i.conversationId === m.conversationId)),
                incoming,
              ),
            },
          }
        : l,
    );
  }, []);
  useEffect(() => {
    const off = onLiveEvent('chat', (m) => add([m]));
    return () => void off();
  }, [add]);

  const send = async (body: string) => {
    const message = await apiRequest<ChatMessageDto>(CHAT_PATHS.messages, { method: 'POST', body: { body, modelCode: model } });
    add([message]);
  };

  if (phase === 'pending') return <Loading />;
  return (
    <div className="k-chat" data-testid="live-chat" data-live={live}>
      <header className="k-chat__head">
        <h1>{t('title')}</h1>
        <p>{t('subtitle')}</p>
      </header>
      {!login.isLogin ? (
        <div className="k-chat__gate">
          <p>{t('loginFirst')}</p>
          <button type="button" className="k-button" onClick={() => openModal({ key: 'loginPopupModal' })}>
            {t('login')}
          </button>
        </div>
      ) : login.isTrial ? (
        <div className="k-chat__gate">
          <p>{t('realAccount')}</p>
        </div>
      ) : load.state === 'loading' ? (
        <Loading />
      ) : load.state === 'error' ? (
        <ErrorState message={t(errorKeys(load.code))} onRetry={() => setAttempt((n) => n + 1)} />
      ) : (
        <>
          {load.value.conversationId === null ? (
            <label className="k-chat__topic">
              {t('topic')}
              <select value={model} onChange={(e) => setModel(e.target.value as ChatModel)} data-testid="chat-topic">
                {CHAT_MODELS.map((m) => (
                  <option key={m} value={m}>
                    {t(`models.${m}`)}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p className="k-chat__topic">
              {t('topic')}: {t(`models.${load.value.modelCode ?? model}`)}
            </p>
          )}
          {load.value.messages.length === 0 ? <EmptyState>{t('empty')}</EmptyState> : null}
          <ChatThread messages={load.value.messages} mine="MEMBER" labels={{ mine: t('you'), theirs: t('agent') }} />
          <ChatComposer onSend={send} maxLength={CHAT_MAX_LENGTH} placeholder={t('placeholder')} />
        </>
      )}
    </div>
  );
}
