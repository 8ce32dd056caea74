interface SpinnerProps {
  className?: string;
  /** Read to screen readers; omit when the surrounding text already says it. */
  label?: string;
}

export const Spinner = ({ className = 'size-5', label }: SpinnerProps) => (
  <span role={label ? 'status' : undefined} className="inline-flex items-center">
    <svg className={`animate-spin text-current ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
    {label && <span className="sr-only">{label}</span>}
  </span>
);

/** A centred spinner for a whole page or section while it loads. */
export const PageSpinner = ({ label = 'Loading…' }: { label?: string }) => (
  <div className="flex min-h-[50vh] items-center justify-center text-blue-600">
    <Spinner className="size-8" label={label} />
  </div>
);
