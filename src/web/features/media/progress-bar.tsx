interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  label: string;
  tone?: 'blue' | 'green' | 'red';
}

const fills = { blue: 'bg-blue-600', green: 'bg-green-600', red: 'bg-red-600' } as const;

/** A labelled bar; the label is its accessible name and the percentage its value. */
export const ProgressBar = ({ value, label, tone = 'blue' }: ProgressBarProps) => {
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div>
      <div className="mb-1 flex items-center justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="tabular-nums text-slate-500">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${label} ${percent}%`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full transition-[width] duration-300 ${fills[tone]}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
};
