import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { isFlagEnabled } from '@khela/api';
import { apiRequest, ApiError } from '@khela/api-client';
import type { LoginValue, SocialProvider, SocialStartValue } from '@khela/api/auth';
import { permissionAtom } from '@khela/session';
import { Loading } from '@khela/ui';
import { NS } from '../i18n';
import { ServerError } from './forms/ServerError';
import { useSubmit } from './forms/useSubmit';
import { useCompleteLogin } from './flows/useCompleteLogin';
import { referralFromUrl } from './flows/referral';

/** The page to come back to after the provider: this one (a path of the site, as the server accepts it). */
export function returnPath(loc: { pathname: string; search: string } = window.location): string {
  const q = new URLSearchParams(loc.search);
  q.delete('token');
  const search = q.toString();
  const path = `${loc.pathname}${search ? `?${search}` : ''}`;
  return /^\/(?!\/)[A-Za-z0-9._~!$&()*+,;=:@%/?-]{0,300}$/.test(path) ? path : '/';
}

/** Leaving the page for the provider (a test replaces it: jsdom can't navigate away). */
export const leavePage = { to: (url: string) => window.location.assign(url) };

/**
 * The social sign-in buttons (flag SOCIALLOGIN3): one per provider the operator switched on. A
 * click asks the server for the provider's address and leaves for it; the page comes back with a
 * code (see SocialReturn).
 */
export function SocialButtons() {
  const { t } = useTranslation(NS);
  const permission = useAtomValue(permissionAtom);
  const on = isFlagEnabled(permission?.whitelabel, 'SOCIALLOGIN3');
  const [providers, setProviders] = useState<SocialProvider[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const { busy, failure, run } = useSubmit();
  useEffect(() => {
    if (!on) return;
    let live = true;
    apiRequest<SocialProvider[]>('/wps/session/social/providers').then(
      (p) => live && setProviders(p),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, [on]);
  if (!on) return null;
  if (loadFailed) return null; // the other ways to log in stay; nothing to offer here
  if (!providers) return <div className="auth-social auth-social--loading" aria-busy="true" />;
  if (!providers.length) return null;
  return (
    <div className="auth-social" data-testid="social-login">
      {providers.map((p) => (
        <button
          key={p.id}
          type="button"
          className="k-button k-button--ghost"
          disabled={busy}
          data-testid={`social-${p.id}`}
          onClick={async () => {
            const referralCode = referralFromUrl();
            const value = await run(() =>
              apiRequest<SocialStartValue>(`/wps/session/social/${encodeURIComponent(p.id)}/start`, {
                method: 'POST',
                body: { returnTo: returnPath(), ...(referralCode ? { referralCode } : {}) },
              }),
            );
            if (value) leavePage.to(value.url);
          }}
        >
          {t('login.social.continue', { name: p.label })}
        </button>
      ))}
      <ServerError failure={failure} testId="social-error" />
    </div>
  );
}

/**
 * Back from the provider: the code is exchanged for the session once (the login flow goes on as
 * after any login, the change-password step excepted); a refusal is shown with the login form.
 */
export function SocialReturn({ code, error }: { code?: string; error?: string }) {
  const { t } = useTranslation(NS);
  const completeLogin = useCompleteLogin();
  const [failure, setFailure] = useState<ApiError | null>(error ? new ApiError(error, error, 400) : null);
  const started = useRef(false);
  useEffect(() => {
    if (!code || started.current) return;
    started.current = true;
    apiRequest<LoginValue>('/wps/session/social/complete', { method: 'POST', body: { code } }).then(
      (value) => completeLogin(value, { type: 'social' }),
      (err) => setFailure(err instanceof ApiError ? err : new ApiError('NETWORK_ERROR', String(err), 0)),
    );
  }, [code, completeLogin]);
  if (failure) return <ServerError failure={failure} testId="social-error" />;
  return (
    <div className="auth-social-return" data-testid="social-completing">
      <Loading />
      <p>{t('login.social.completing')}</p>
    </div>
  );
}
