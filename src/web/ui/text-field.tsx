import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { DateShown, shownDate } from './date-shown';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown in red under the input and announced with it. */
  error?: string | null;
  hint?: ReactNode;
}

export const inputClasses = (invalid: boolean): string =>
  'block w-full rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:outline-none focus:ring-2 disabled:bg-slate-100 disabled:text-slate-500 ' +
  (invalid ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-blue-500 focus:ring-blue-200');

export const TextField = ({ label, error, hint, id, className = '', ...props }: TextFieldProps) => {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const dateId = `${inputId}-date`;
  const date = shownDate(props.type, props.value);
  const describedBy = [date ? dateId : null, error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClasses(Boolean(error))} {...props} />
      <DateShown id={dateId} text={date} />
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
};
