import { useState, type FormEvent } from 'react';
import {
  HOLDER_NAME,
  PAYMENT_METHODS,
  accountNoValid,
  normaliseAccountNo,
  type PaymentMethod,
  type WithdrawInfoDto,
} from '@khela/api/payments';
import { Modal } from '@khela/ui';
import { FieldError, MethodMark, fieldErrorsOf, useErrorText, useMoney } from '../../common/payments/ui';
import { bindAccount, removeAccount } from './api';
import { BANKS } from './locales';

type Errors = Partial<Record<'accountNo' | 'holderName' | 'bankName' | 'branch' | 'paymentPassword' | 'form', string>>;

function AddAccountForm({ info, onDone }: { info: WithdrawInfoDto; onDone: () => void }) {
  const { t } = useMoney();
  const errorText = useErrorText();
  const [method, setMethod] = useState<PaymentMethod>('BKASH');
  const [accountNo, setAccountNo] = useState('');
  const [holderName, setHolderName] = useState(info.payeeName ?? '');
  const [bankName, setBankName] = useState('');
  const [branch, setBranch] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Errors = {};
    const required = t('pay.fields.required');
    if (!accountNo.trim()) next.accountNo = required;
    else if (!accountNoValid(method, normaliseAccountNo(accountNo))) next.accountNo = t('pay.errors.ACCOUNT_NUMBER_INVALID');
    const name = holderName.trim().replace(/\s+/g, ' ');
    if (!name) next.holderName = required;
    else if (!HOLDER_NAME.test(name)) next.holderName = t('pay.errors.HOLDER_NAME_INVALID');
    if (method === 'BANK' && !bankName.trim()) next.bankName = required;
    if (method === 'BANK' && !branch.trim()) next.branch = required;
    if (!/^\d{6}$/.test(pin)) next.paymentPassword = t('pay.errors.PAYMENT_PASSWORD_FORMAT');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await bindAccount({
        method,
        accountNo,
        holderName: name,
        paymentPassword: pin,
        ...(method === 'BANK' ? { bankName: bankName.trim(), branch: branch.trim() } : {}),
      });
      setAccountNo('');
      setPin('');
      onDone();
    } catch (err) {
      const fields = fieldErrorsOf(err, errorText);
      setErrors(Object.keys(fields).length ? fields : { form: errorText(err) });
      setPin('');
    } finally {
      setBusy(false);
    }
  }

  const isBank = method === 'BANK';
  return (
    <form className="pay-card" onSubmit={submit} noValidate data-testid="add-account-form">
      <h3>{t('withdraw.addAccount')}</h3>
      <div className="pay-field">
        <span className="pay-field__label">{t('withdraw.method')}</span>
        <div className="pay-segments" role="group">
          {PAYMENT_METHODS.map((m) => (
            <button
              key={m}
              type="button"
              className="pay-chip"
              aria-pressed={method === m}
              data-testid={`account-method-${m}`}
              onClick={() => {
                setMethod(m);
                setErrors({});
              }}
            >
              {t(`pay.methods.${m}`)}
            </button>
          ))}
        </div>
      </div>
      {isBank ? (
        <>
          <label className="pay-field">
            <span className="pay-field__label">{t('withdraw.bankName')}</span>
            <input
              list="pay-banks"
              value={bankName}
              onChange={(e) => setBankName(e.target.value)}
              aria-invalid={!!errors.bankName}
              maxLength={80}
            />
            <datalist id="pay-banks">
              {BANKS.map((b) => (
                <option key={b} value={b} />
              ))}
            </datalist>
            <FieldError>{errors.bankName}</FieldError>
          </label>
          <label className="pay-field">
            <span className="pay-field__label">{t('withdraw.branch')}</span>
            <input value={branch} onChange={(e) => setBranch(e.target.value)} aria-invalid={!!errors.branch} maxLength={80} />
            <FieldError>{errors.branch}</FieldError>
          </label>
        </>
      ) : null}
      <label className="pay-field">
        <span className="pay-field__label">{isBank ? t('withdraw.bankAccountNo') : t('withdraw.mobileNo')}</span>
        <input
          inputMode="numeric"
          autoComplete="off"
          placeholder={isBank ? '' : t('withdraw.mobilePlaceholder')}
          value={accountNo}
          onChange={(e) => setAccountNo(e.target.value)}
          aria-invalid={!!errors.accountNo}
          data-testid="account-no-input"
          maxLength={32}
        />
        {method === 'ROCKET' ? <small className="pay-field__hint">{t('withdraw.rocketHint')}</small> : null}
        <FieldError testId="account-no-error">{errors.accountNo}</FieldError>
      </label>
      <label className="pay-field">
        <span className="pay-field__label">{t('withdraw.holderName')}</span>
        <input
          value={holderName}
          onChange={(e) => setHolderName(e.target.value)}
          readOnly={!!info.payeeName}
          aria-invalid={!!errors.holderName}
          data-testid="holder-name-input"
          maxLength={50}
        />
        <small className="pay-field__hint">{info.payeeName ? t('withdraw.payeeFixed') : t('withdraw.payeeFirst')}</small>
        <FieldError testId="holder-name-error">{errors.holderName}</FieldError>
      </label>
      <label className="pay-field">
        <span className="pay-field__label">{t('withdraw.paymentPassword')}</span>
        <input
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          aria-invalid={!!errors.paymentPassword}
          data-testid="account-pin-input"
        />
        <FieldError>{errors.paymentPassword}</FieldError>
      </label>
      <FieldError testId="add-account-error">{errors.form}</FieldError>
      <div className="pay-actions">
        <button type="submit" className="k-button" disabled={busy} data-testid="add-account-submit">
          {t('withdraw.save')}
        </button>
      </div>
    </form>
  );
}

function RemoveDialog({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) {
  const { t } = useMoney();
  const errorText = useErrorText();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!/^\d{6}$/.test(pin)) return setError(t('pay.errors.PAYMENT_PASSWORD_FORMAT'));
    setBusy(true);
    try {
      await removeAccount(id, pin);
      onDone();
    } catch (err) {
      setError(errorText(err));
      setPin('');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={t('withdraw.removeTitle')} onClose={onClose}>
      <form className="pay" onSubmit={submit} noValidate>
        <label className="pay-field">
          <span className="pay-field__label">{t('withdraw.paymentPassword')}</span>
          <input
            type="password"
            inputMode="numeric"
            maxLength={6}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
            autoFocus
          />
          <FieldError>{error}</FieldError>
        </label>
        <div className="pay-actions">
          <button type="submit" className="k-button" disabled={busy}>
            {t('withdraw.remove')}
          </button>
          <button type="button" className="k-button k-button--ghost" onClick={onClose}>
            {t('withdraw.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The bound payout accounts, adding one (in the payee's name) and removing one. */
export function AccountsSection({ info, onChanged }: { info: WithdrawInfoDto; onChanged: () => void }) {
  const { t } = useMoney();
  const [removing, setRemoving] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);
  const canAdd = info.paymentPasswordSet && info.accounts.length < info.maxAccounts;
  return (
    <section className="pay-card" data-testid="accounts-section">
      <h3>{t('withdraw.accounts')}</h3>
      {info.accounts.length === 0 ? (
        <p className="pay-field__hint">{t('withdraw.noAccounts')}</p>
      ) : (
        <ul className="pay-accounts">
          {info.accounts.map((a) => (
            <li key={a.id} data-testid={`account-${a.id}`}>
              <MethodMark method={a.method} />
              <span style={{ flex: 1 }}>
                {a.method === 'BANK' ? `${a.bankName} (${a.branch})` : t(`pay.methods.${a.method}`)} {a.accountNo}
                <br />
                <small className="pay-field__hint">{a.holderName}</small>
              </span>
              <button type="button" className="k-link" onClick={() => setRemoving(a.id)} disabled={!info.paymentPasswordSet}>
                {t('withdraw.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {canAdd && (adding || info.accounts.length === 0) ? (
        <AddAccountForm
          info={info}
          onDone={() => {
            setAdding(false);
            onChanged();
          }}
        />
      ) : canAdd ? (
        <div className="pay-actions">
          <button
            type="button"
            className="k-button k-button--ghost"
            onClick={() => setAdding(true)}
            data-testid="add-account-open"
          >
            {t('withdraw.addAccount')}
          </button>
        </div>
      ) : null}
      {removing !== null ? (
        <RemoveDialog
          id={removing}
          onClose={() => setRemoving(null)}
          onDone={() => {
            setRemoving(null);
            onChanged();
          }}
        />
      ) : null}
    </section>
  );
}
