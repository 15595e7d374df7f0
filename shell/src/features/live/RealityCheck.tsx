import { useCallback, useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatCount, formatTaka } from '@khela/api';
import { apiRequest } from '@khela/api-client';
import { RG_CHANGED_EVENT, RG_PATHS, type RgSessionDto } from '@khela/api/rg';
import { addNamespace } from '@khela/i18n';
import { clearSession, GUEST, loginStateAtom, playPausedAtom } from '@khela/session';
import { afterFirstView } from '../../lib/afterFirstView';
import './RealityCheck.css';

// its strings come with it, in the member's chunk (a guest's page does not carry them)
const NS = 'reality-check';
addNamespace(NS, {
  en: {
    title: 'Reality check',
    played: 'You have played for {{time}} in this session.',
    result: 'Your result since the session began: {{amount}}.',
    resultWin: 'You are up {{amount}} since the session began.',
    resultLoss: 'You are down {{amount}} since the session began.',
    paused: 'Play is paused until you answer.',
    continue: 'Continue playing',
    logout: 'Log out',
    limitTitle: 'Session time limit reached',
    limitText: 'Your session reached the time limit you set. You have been logged out.',
    ok: 'OK',
    hours: '{{h}} h {{m}} min',
    minutes: '{{m}} min',
  },
  bn: {
    title: 'রিয়েলিটি চেক',
    played: 'এই সেশনে আপনি {{time}} খেলেছেন।',
    result: 'সেশন শুরু থেকে আপনার ফলাফল: {{amount}}।',
    resultWin: 'সেশন শুরু থেকে আপনি {{amount}} এগিয়ে আছেন।',
    resultLoss: 'সেশন শুরু থেকে আপনি {{amount}} হেরেছেন।',
    paused: 'আপনি উত্তর না দেওয়া পর্যন্ত খেলা থেমে আছে।',
    continue: 'খেলা চালিয়ে যান',
    logout: 'লগ আউট',
    limitTitle: 'সেশনের সময়সীমা শেষ',
    limitText: 'আপনার ঠিক করা সময়সীমায় সেশন পৌঁছেছে। আপনাকে লগ আউট করা হয়েছে।',
    ok: 'ঠিক আছে',
    hours: '{{h}} ঘণ্টা {{m}} মিনিট',
    minutes: '{{m}} মিনিট',
  },
});

/** The next reminder after `now`: every `minutes` counted from the session's start. */
export function nextCheckAt(startedAt: number, minutes: number, now: number): number {
  const every = minutes * 60_000;
  const n = Math.floor((now - startedAt) / every) + 1;
  return startedAt + n * every;
}

type Shown = { kind: 'check'; elapsedMs: number; net: string } | { kind: 'limit' } | null;

/**
 * The reality check of a logged-in member (mounted by the shell on every page): every N minutes of
 * the session (N: the member's choice on the responsible-gaming page) a dialog shows the time played
 * and the net result since the session began, pauses play (playPausedAtom) until the member chooses
 * to continue or log out. A session time limit ends the page's session when reached. Times come from
 * the browser's clock (timers), offset by the server's, so tests drive it with a fake clock.
 */
export default function RealityCheck() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.language?.toLowerCase().startsWith('en') ? 'EN' : 'BN';
  const setPaused = useSetAtom(playPausedAtom);
  const setLogin = useSetAtom(loginStateAtom);
  const navigate = useNavigate();
  const [session, setSession] = useState<{ dto: RgSessionDto; offset: number } | null>(null);
  const [shown, setShown] = useState<Shown>(null);
  const [tick, setTick] = useState(0);
  const continueRef = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    const dto = await apiRequest<RgSessionDto>(RG_PATHS.session);
    return { dto, offset: Date.parse(dto.now) - Date.now() };
  }, []);

  useEffect(() => {
    let live = true;
    const read = () =>
      void load().then(
        (s) => live && setSession(s),
        () => undefined, // no reminder without the server's answer; the next change or page load retries
      );
    // the page's first read waits for its first view (a reminder is due minutes after the session
    // began); a change the member made is read at once
    let cancel = () => undefined as void;
    if (tick === 0) cancel = afterFirstView(read);
    else read();
    const onChange = () => setTick((n) => n + 1);
    window.addEventListener(RG_CHANGED_EVENT, onChange);
    return () => {
      live = false;
      cancel();
      window.removeEventListener(RG_CHANGED_EVENT, onChange);
    };
  }, [load, tick]);

  // the reminders
  useEffect(() => {
    const minutes = session?.dto.realityCheckMinutes;
    if (!session || !minutes || shown) return;
    const started = Date.parse(session.dto.startedAt);
    const now = Date.now() + session.offset;
    const timer = setTimeout(
      async () => {
        setPaused(true);
        let net = session.dto.netResult;
        try {
          const fresh = await load();
          net = fresh.dto.netResult;
        } catch {
          // the figure of the last answer
        }
        setShown({ kind: 'check', elapsedMs: Date.now() + session.offset - started, net });
      },
      nextCheckAt(started, minutes, now) - now,
    );
    return () => clearTimeout(timer);
  }, [session, shown, load, setPaused]);

  // the session time limit
  useEffect(() => {
    if (!session?.dto.endsAt) return;
    const wait = Date.parse(session.dto.endsAt) - (Date.now() + session.offset);
    const timer = setTimeout(
      () => {
        // the server's session is over: the token goes now, the page stays a member's (this
        // dialog with it) until the member has read why
        clearSession();
        setPaused(true);
        setShown({ kind: 'limit' });
      },
      Math.max(0, wait),
    );
    return () => clearTimeout(timer);
  }, [session, setPaused]);

  useEffect(() => {
    if (shown?.kind === 'check') continueRef.current?.focus();
  }, [shown]);
  useEffect(() => () => setPaused(false), [setPaused]);

  if (!shown) return null;

  const close = () => {
    setShown(null);
    setPaused(false);
  };
  const logout = async () => {
    try {
      await apiRequest('/wps/session/logout', { method: 'DELETE' });
    } catch {
      // leaving anyway: the server's session expires on its own
    }
    clearSession();
    setLogin(GUEST);
    close();
    navigate('/');
  };

  if (shown.kind === 'limit') {
    return (
      <div className="k-modal-backdrop rg-check" data-testid="session-limit-dialog">
        <div className="k-modal" role="alertdialog" aria-modal="true" aria-labelledby="rg-limit-title">
          <header className="k-modal__header">
            <h2 id="rg-limit-title">{t('limitTitle')}</h2>
          </header>
          <div className="k-modal__body">
            <p>{t('limitText')}</p>
            <div className="k-dialog-actions">
              <button
                type="button"
                className="k-button"
                data-testid="session-limit-ok"
                onClick={() => {
                  setShown(null);
                  setPaused(false);
                  setLogin(GUEST);
                  navigate('/');
                }}
              >
                {t('ok')}
              </button>
            </div>
          </div>
        </div>
      </div>
    );
  }

  const totalMin = Math.max(0, Math.floor(shown.elapsedMs / 60_000));
  const nf = { format: (n: number) => formatCount(n, lang) };
  const time =
    totalMin >= 60
      ? t('hours', { h: nf.format(Math.floor(totalMin / 60)), m: nf.format(totalMin % 60) })
      : t('minutes', { m: nf.format(totalMin) });
  const net = BigInt(shown.net);
  const amount = formatTaka(net < BigInt(0) ? -net : net, lang);
  const resultKey = net > BigInt(0) ? 'resultWin' : net < BigInt(0) ? 'resultLoss' : 'result';
  return (
    // no closing by the backdrop or Escape: the member answers
    <div className="k-modal-backdrop rg-check" data-testid="reality-check">
      <div
        className="k-modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="rg-check-title"
        aria-describedby="rg-check-text"
      >
        <header className="k-modal__header">
          <h2 id="rg-check-title">{t('title')}</h2>
        </header>
        <div className="k-modal__body" id="rg-check-text">
          <p data-testid="reality-check-time">{t('played', { time })}</p>
          <p data-testid="reality-check-result">{t(resultKey, { amount })}</p>
          <p className="rg-check__paused">{t('paused')}</p>
          <div className="k-dialog-actions">
            <button type="button" className="k-button k-button--ghost" onClick={logout} data-testid="reality-check-logout">
              {t('logout')}
            </button>
            <button type="button" className="k-button" ref={continueRef} onClick={close} data-testid="reality-check-continue">
              {t('continue')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
