import { useSearchParams } from 'react-router';
import { AuthCard, type AuthMode } from '../features/auth/auth-card';
import { Faq } from '../features/marketing/faq';
import { WatchDemoButton } from '../features/marketing/watch-demo-button';
import { Logo } from '../ui/logo';

const modeFrom = (value: string | null): AuthMode => (value === 'forgot' || value === 'register' ? value : 'signin');

/** Sign in, create an account or ask for a reset link; the FAQ answers questions before signing up. */
export const LoginRoute = () => {
  const [searchParams] = useSearchParams();
  return (
    <div className="min-h-dvh bg-slate-50">
      <title>Sign in · Spotbook</title>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <WatchDemoButton variant="link" />
        </div>
      </header>
      <main className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,28rem)_minmax(0,1fr)] lg:items-start lg:py-16">
        <div className="lg:sticky lg:top-8">
          <AuthCard initialMode={modeFrom(searchParams.get('mode'))} />
        </div>
        <Faq />
      </main>
    </div>
  );
};
