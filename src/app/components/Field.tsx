// A labelled input with its error under it, announced and linked for screen readers.
import './forms.css';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

export function Field({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string | null; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const { t } = useTranslation();
  // A password can be shown to check what was typed on a phone's small keys.
  const [shown, setShown] = useState(false);
  const password = input.type === 'password';
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {password ? (
        <div className="field__password">
          <input
            id={id}
            className="field__input"
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            {...input}
            type={shown ? 'text' : 'password'}
          />
          <button
            type="button"
            className="field__reveal"
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown(!shown)}
            data-testid="password-toggle"
          >
            {t(shown ? 'passwordField.hide' : 'passwordField.show')}
          </button>
        </div>
      ) : (
        <input id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
