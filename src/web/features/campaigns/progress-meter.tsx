/** A thin bar for a percentage (0–100) with its label read to screen readers. */
export const ProgressMeter = ({ value, label, tone = 'blue' }: { value: number; label: string; tone?: 'blue' | 'green' }) => {
  const width = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={width}
      className="h-1.5 w-full overflow-hidden rounded-full bg-slate-100"
    >
      <div className={`h-full rounded-full ${tone === 'green' ? 'bg-emerald-500' : 'bg-blue-500'}`} style={{ width: `${width}%` }} />
    </div>
  );
};
