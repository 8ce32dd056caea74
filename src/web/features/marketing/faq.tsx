import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../ui/icons';
import { FAQ_ITEMS } from './faq-items';

/** Frequently asked questions; several answers may be open at once. */
export const Faq = () => {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const baseId = useId();

  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby={`${baseId}-heading`}>
      <h2 id={`${baseId}-heading`} className="text-lg font-semibold text-slate-900">
        Frequently asked questions
      </h2>
      <div className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
        {FAQ_ITEMS.map((item) => {
          const expanded = open.has(item.id);
          const panelId = `${baseId}-${item.id}-panel`;
          const buttonId = `${baseId}-${item.id}-button`;
          return (
            <div key={item.id}>
              <h3>
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={expanded}
                  aria-controls={panelId}
                  onClick={() => toggle(item.id)}
                  className="flex w-full items-center justify-between gap-4 px-4 py-3 text-left text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
                >
                  {item.question}
                  <ChevronDownIcon className={`size-4 shrink-0 text-slate-500 transition-transform ${expanded ? 'rotate-180' : ''}`} />
                </button>
              </h3>
              <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className="px-4 pb-4 text-sm text-slate-600">
                {item.answer}
              </div>
            </div>
          );
        })}
      </div>
    </section>
  );
};
