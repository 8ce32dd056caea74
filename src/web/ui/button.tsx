import type { ButtonHTMLAttributes } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles';
import { Spinner } from './spinner';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and disables the button while work is under way. */
  loading?: boolean;
}

export const Button = ({ variant = 'primary', size = 'md', loading = false, disabled, className, type = 'button', children, ...props }: ButtonProps) => (
  <button type={type} disabled={disabled || loading} aria-busy={loading || undefined} className={buttonClasses({ variant, size, className })} {...props}>
    {loading && <Spinner className="size-4" />}
    {children}
  </button>
);
