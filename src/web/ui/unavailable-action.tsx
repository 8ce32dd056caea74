import { useId, type ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from './button-styles';

interface UnavailableActionProps {
  children: ReactNode;
  /** The button's accessible name, e.g. 'Delete Acme'. */
  label: string;
  /** Why the action is unavailable: the hover title, shown under the button on keyboard focus and read with it. */
  reason: string;
  variant?: ButtonVariant;
  className?: string;
}

/**
 * A row action that cannot be used: it stays focusable (aria-disabled) so keyboard and screen-reader
 * users can find out why, and does nothing when pressed.
 */
export const UnavailableAction = ({ children, label, reason, variant = 'ghost', className = '' }: UnavailableActionProps) => {
  const reasonId = useId();
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-disabled="true"
        aria-label={label}
        aria-describedby={reasonId}
        title={reason}
        onClick={(event) => event.preventDefault()}
        className={buttonClasses({ variant, size: 'sm', className })}
      >
        {children}
      </button>
      <span
        role="tooltip"
        id={reasonId}
        className="pointer-events-none absolute bottom-full right-0 z-10 mb-1 w-56 rounded-md bg-slate-900 px-3 py-2 text-left text-xs font-normal normal-case text-white opacity-0 shadow-lg transition-opacity group-focus-within:opacity-100"
      >
        {reason}
      </span>
    </span>
  );
};
