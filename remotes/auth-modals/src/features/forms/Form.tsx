import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, ApiError, type RequestOptions } from '@khela/api';
import { formSchema, validate as validateWith, type FieldErrors, type FormField } from '@khela/validation';
import { NS } from '../../i18n';

export interface FieldSpec extends FormField {
  label: string;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
}

type Values = Record<string, string>;

/** The platform's shared rules (@khela/validation): messages in the validator locale. */
export function validate(fields: FieldSpec[], values: Values): FieldErrors {
  const result = validateWith(formSchema(fields), values);
  return result.success ? {} : result.errors;
}

interface FormProps {
  fields: FieldSpec[];
  submitLabel: string;
  request: (values: Values) => { path: string } & RequestOptions;
  onSuccess?: (value: unknown) => void;
  /** extra checks before sending (e.g. the terms box); returns an error key or null */
  precheck?: () => string | null;
  children?: ReactNode;
  testId: string;
}

/** A form whose fields show their errors underneath, and whose refusals are translated. */
export function Form({ fields, submitLabel, request, onSuccess, precheck, children, testId }: FormProps) {
  const { t } = useTranslation([NS, 'common']);
  const [values, setValues] = useState<Values>({});
  // after the first submit the checks run on every render: an error disappears as it is fixed,
  // and a language change re-renders them in the new validator locale
  const [attempted, setAttempted] = useState(false);
  const errors = attempted ? validate(fields, values) : {};
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setServerError(null);
    const found = validate(fields, values);
    const pre = precheck?.() ?? null;
    setAttempted(true);
    if (Object.keys(found).length || pre) return;
    setBusy(true);
    try {
      const { path, ...opts } = request(values);
      onSuccess?.(await apiRequest(path, opts));
    } catch (err) {
      setServerError(err instanceof ApiError ? err.errorCode : 'UNKNOWN_ERROR');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="auth-form" onSubmit={submit} noValidate data-testid={testId}>
      {fields.map((f) => (
        <label key={f.name} className="auth-field">
          <span>{f.label}</span>
          <input
            name={f.name}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete}
            value={values[f.name] ?? ''}
            aria-invalid={Boolean(errors[f.name])}
            onChange={(e) => setValues((v) => ({ ...v, [f.name]: e.target.value }))}
          />
          {errors[f.name] ? <small className="auth-field__error" role="alert">{errors[f.name]}</small> : null}
        </label>
      ))}
      {children}
      {serverError ? (
        <p className="auth-form__error" role="alert">
          {t([`common:errors.${serverError}`, 'common:errors.UNKNOWN_ERROR'])}
        </p>
      ) : null}
      <button type="submit" className="k-button auth-form__submit" disabled={busy}>{submitLabel}</button>
    </form>
  );
}
