import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

interface TabListProps<K extends string> {
  /** From useId(): ties the tabs to their panel. */
  id: string;
  label: string;
  tabs: readonly TabItem<K>[];
  active: NoInfer<K>;
  onChange(key: NoInfer<K>): void;
  className?: string;
}

/**
 * An ARIA tab list (one tab stop; arrow keys, Home and End move between tabs and select them).
 * Render the content in a TabPanel with the same id.
 */
export const TabList = <K extends string>({ id, label, tabs, active, onChange, className = 'border-b border-slate-200 px-2 sm:px-4' }: TabListProps<K>) => {
  const refs = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length]!.key;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={`flex gap-1 overflow-x-auto ${className}`}>
      {tabs.map((tab, index) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            ref={(node) => {
              refs.current[tab.key] = node;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={selected}
            aria-controls={`${id}-panel`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => onKey(event, index)}
            className={`-mb-px flex items-center gap-2 border-b-2 px-3 py-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-blue-600 ${
              selected ? 'border-blue-600 text-blue-700' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-700'
            }`}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
};

export const TabPanel = ({ id, active, children }: { id: string; active: string; children: ReactNode }) => (
  <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`}>
    {children}
  </div>
);
