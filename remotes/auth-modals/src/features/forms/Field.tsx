import type { ReactNode } from 'react';

interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'password' | 'email' | 'tel';
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
  /** something beside the input (the SMS send button, the captcha image) */
  addon?: ReactNode;
  maxLength?: number;
}

/** A labelled input whose error shows underneath it (the spec's rule). */
export function Field({
  name,
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  placeholder,
  inputMode,
  addon,
  maxLength,
}: FieldProps) {
  return (
    <label className="auth-field">
      <span>{label}</span>
      <span className={addon ? 'auth-field__row' : undefined}>
        <input
          name={name}
          type={type}
          value={value}
          autoComplete={autoComplete}
          placeholder={placeholder}
          inputMode={inputMode}
          maxLength={maxLength}
          aria-invalid={Boolean(error)}
          onChange={(e) => onChange(e.target.value)}
        />
        {addon}
      </span>
      {error ? (
        <small className="auth-field__error" role="alert">
          {error}
        </small>
      ) : null}
    </label>
  );
}
