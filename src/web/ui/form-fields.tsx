import { useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { inputClasses } from './text-field';

interface FieldFrameProps {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

const describedBy = (id: string, error?: string | null, hint?: ReactNode) =>
  [error ? `${id}-error` : null, hint && !error ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;

/** Label over the control, then the hint or the error; the same look as the shared TextField. */
const FieldFrame = ({ id, label, error, hint, className = '', children }: FieldFrameProps) => (
  <div className={className}>
    <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
      {label}
    </label>
    {children}
    {hint && !error && (
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
    )}
    {error && (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-600">
        {error}
      </p>
    )}
  </div>
);

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

export const TextAreaField = ({ label, error, hint, id, className, rows = 3, ...props }: TextAreaFieldProps) => {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={`${inputClasses(Boolean(error))} resize-y`}
        {...props}
      />
    </FieldFrame>
  );
};

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

export const SelectField = ({ label, error, hint, id, className, children, ...props }: SelectFieldProps) => {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} error={error} hint={hint} className={className}>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={inputClasses(Boolean(error))}
        {...props}
      >
        {children}
      </select>
    </FieldFrame>
  );
};
