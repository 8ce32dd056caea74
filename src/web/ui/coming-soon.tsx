import type { ReactNode } from 'react';
import { Card } from './card';
import { WrenchIcon } from './icons';

export const COMING_SOON = 'This screen is coming in a later release';

interface ComingSoonProps {
  /** What the finished screen will offer, one line each. */
  features: readonly string[];
  children?: ReactNode;
}

/** An honest placeholder: says the screen is not built yet and what it will hold. */
export const ComingSoon = ({ features, children }: ComingSoonProps) => (
  <Card className="p-6">
    <div className="flex items-start gap-4">
      <div className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600">
        <WrenchIcon />
      </div>
      <div>
        <p className="font-semibold text-slate-900">{COMING_SOON}</p>
        <p className="mt-1 text-sm text-slate-600">When it arrives, this screen will let you:</p>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-600">
          {features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {children}
      </div>
    </div>
  </Card>
);
