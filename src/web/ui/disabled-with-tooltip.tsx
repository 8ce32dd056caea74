import { useId, type ReactNode } from 'react';
import { buttonClasses, type ButtonVariant } from './button-styles';

interface DisabledWithTooltipProps {
  children: ReactNode;
  /** Why the action is not available; shown on hover and keyboard focus and read with the button. */
  tooltip: string;
  variant?: ButtonVariant;
}

/** A button that stays focusable (aria-disabled) so everyone can read why it is unavailable. */
export const DisabledWithTooltip = ({ children, tooltip, variant = 'primary' }: DisabledWithTooltipProps) => {
  const tooltipId = useId();
  return (
    <span className="group relative inline-flex">
      <button type="button" aria-disabled="true" aria-describedby={tooltipId} className={buttonClasses({ variant })}>
        {children}
      </button>
      <span
        role="tooltip"
        id={tooltipId}
        className="pointer-events-none absolute right-0 top-full z-10 mt-2 w-60 rounded-md bg-slate-900 px-3 py-2 text-xs text-white opacity-0 shadow-lg transition-opacity group-focus-within:opacity-100 group-hover:opacity-100"
      >
        {tooltip}
      </span>
    </span>
  );
};
