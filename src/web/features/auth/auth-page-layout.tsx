import type { ReactNode } from 'react';
import { Card } from '../../ui/card';
import { Logo } from '../../ui/logo';

/** A single centred card under the logo, for the reset-password steps. */
export const AuthPageLayout = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-10 sm:py-16">
    <title>{`${title} · Spotbook`}</title>
    <Logo className="mb-8" />
    <main className="w-full max-w-md">
      <Card className="p-6 sm:p-8">{children}</Card>
    </main>
  </div>
);
