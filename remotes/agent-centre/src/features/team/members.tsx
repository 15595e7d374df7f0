import { useState, type FormEvent } from 'react';
import type { TeamDto } from '@khela/api/agent';
import { fetchTeam, registerAccount } from './api';
import { Field, Loaded, Pager, useAgentText, useLoad } from './common';
import { TransferForm } from './transfer';

export function RegisterPage() {
  const { t, errorText } = useAgentText();
  const [form, setForm] = useState({ account: '', password: '', nickname: '', kind: 'PLAYER' as 'PLAYER' | 'AGENT' });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const r = await registerAccount({ ...form, nickname: form.nickname || undefined });
      setResult({
        ok: true,
        text: [
          t('team.register.done', { account: r.account }),
          r.affiliateCode ? t('team.register.code', { code: r.affiliateCode }) : '',
        ]
          .filter(Boolean)
          .join(' '),
      });
      setForm((f) => ({ ...f, account: '', password: '', nickname: '' }));
    } catch (err) {
      setResult({ ok: false, text: errorText(err) });
    } finally {
      setBusy(false);
    }
  }
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [k]: e.target.value }));
  return (
    <form className="ag-form" onSubmit={submit} data-testid="register-page">
      <label>
        {t('team.register.kind')}
        <select value={form.kind} onChange={set('kind')} data-testid="register-kind">
          <option value="PLAYER">{t('team.register.PLAYER')}</option>
          <option value="AGENT">{t('team.register.AGENT')}</option>
        </select>
      </label>
      <label>
        {t('team.register.account')}
        <input
          value={form.account}
          onChange={set('account')}
          required
          pattern="[A-Za-z0-9_]{3,32}"
          autoComplete="off"
          data-testid="register-account"
        />
      </label>
      <label>
        {t('team.register.password')}
        <input
          type="password"
          value={form.password}
          onChange={set('password')}
          required
          autoComplete="new-password"
          data-testid="register-password"
        />
      </label>
      <label>
        {t('team.register.nickname')}
        <input value={form.nickname} onChange={set('nickname')} maxLength={50} />
      </label>
      <button type="submit" className="k-button" disabled={busy} data-testid="register-submit">
        {t('team.register.submit')}
      </button>
      {result ? (
        <p
          role={result.ok ? 'status' : 'alert'}
          className={result.ok ? 'ag-notice' : 'k-error'}
          data-testid={result.ok ? 'register-done' : 'register-error'}
        >
          {result.text}
        </p>
      ) : null}
    </form>
  );
}

export function ManagePage() {
  const { t, money, time, num } = useAgentText();
  const [trail, setTrail] = useState<{ id?: number; account: string }[]>([{ account: '' }]);
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [page, setPage] = useState(1);
  const [transferTo, setTransferTo] = useState<string | null>(null);
  const parent = trail[trail.length - 1];
  const q = { parent: parent.id, search: applied || undefined, page, pageSize: 20 };
  const state = useLoad<TeamDto>((s) => fetchTeam(q, s), JSON.stringify(q));
  return (
    <div data-testid="team-page">
      <form
        className="ag-actions"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setApplied(search.trim());
          setPage(1);
        }}
      >
        <input
          aria-label={t('team.manage.search')}
          placeholder={t('team.manage.search')}
          value={search}
          pattern="[A-Za-z0-9_]{1,32}"
          onChange={(e) => setSearch(e.target.value)}
          data-testid="team-search"
        />
        <button type="submit" className="k-button">
          {t('team.manage.searchButton')}
        </button>
        {applied ? (
          <button
            type="button"
            className="k-button k-button--ghost"
            onClick={() => {
              setApplied('');
              setSearch('');
            }}
          >
            {t('team.manage.clear')}
          </button>
        ) : null}
      </form>
      {!applied && trail.length > 1 ? (
        <div className="ag-actions">
          <button
            type="button"
            className="k-button k-button--ghost"
            onClick={() => (setTrail(trail.slice(0, -1)), setPage(1))}
            data-testid="team-back"
          >
            {t('team.manage.back')}
          </button>
          <span>{trail.map((x) => x.account || t('team.manage.top')).join(' › ')}</span>
        </div>
      ) : null}
      <div className="ag-actions">
        <button
          type="button"
          className="k-button k-button--ghost"
          onClick={() => setTransferTo(transferTo === null ? '' : null)}
          data-testid="transfer-open"
        >
          {t('team.transfer.title')}
        </button>
      </div>
      {transferTo !== null ? <TransferForm key={transferTo} to={transferTo} onDone={state.reload} /> : null}
      <Loaded state={state} empty={(d) => d.total === 0}>
        {(d) => (
          <>
            <ul className="ag-list">
              {d.list.map((m) => (
                <li key={m.id} className="ag-card" data-testid="team-row" data-account={m.account}>
                  <button
                    type="button"
                    className="k-button k-button--ghost"
                    onClick={() => setTransferTo(m.account)}
                    data-testid="team-transfer"
                  >
                    {t('team.transfer.open')}
                  </button>
                  <Field label={m.account}>
                    {m.isAgent ? t('team.manage.agent', { level: num(m.level) }) : t('team.manage.player')}
                  </Field>
                  <Field label={t('team.manage.balance')}>{money(m.balance)}</Field>
                  <Field label={t('team.manage.lastLogin')}>{m.lastLoginAt ? time(m.lastLoginAt) : t('team.manage.never')}</Field>
                  <Field label={t('team.manage.status')}>
                    {m.status === 0 ? t('team.manage.active') : t('team.manage.suspended')}
                  </Field>
                  {m.isAgent && m.teamSize > 0 ? (
                    <button
                      type="button"
                      className="k-button k-button--ghost"
                      data-testid="team-open"
                      onClick={() => {
                        setApplied('');
                        setSearch('');
                        setTrail([...trail, { id: m.id, account: m.account }]);
                        setPage(1);
                      }}
                    >
                      {t('team.manage.open', { account: m.account, n: num(m.teamSize) })}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
            <Pager page={d.page} totalPages={d.totalPages} onPage={setPage} />
          </>
        )}
      </Loaded>
    </div>
  );
}
