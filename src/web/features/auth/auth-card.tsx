import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Card } from '../../ui/card';
import { ForgotPasswordPanel } from './forgot-password-panel';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';

export type AuthMode = 'signin' | 'register' | 'forgot';

const TABS = [
  { mode: 'signin', label: 'Sign In' },
  { mode: 'register', label: 'Create Account' },
] as const;

const headings: Record<Exclude<AuthMode, 'forgot'>, { title: string; subtitle: string }> = {
  signin: { title: 'Welcome back', subtitle: 'Sign in to manage your TV advertising orders.' },
  register: { title: 'Create your account', subtitle: 'Start ordering TV advertising time in minutes.' },
};

/** The sign-in card: two tabs (Sign In, Create Account) and the forgot-password panel. */
export const AuthCard = ({ initialMode = 'signin' }: { initialMode?: AuthMode }) => {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    const tab = TABS[next];
    if (!tab) return;
    setMode(tab.mode);
    tabRefs.current[next]?.focus();
  };

  if (mode === 'forgot') {
    return (
      <Card className="p-6 sm:p-8">
        <ForgotPasswordPanel onBack={() => setMode('signin')} />
      </Card>
    );
  }

  const heading = headings[mode];
  return (
    <Card className="p-6 sm:p-8">
      <div role="tablist" aria-label="Account" className="mb-6 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
        {TABS.map((tab, index) => {
          const selected = tab.mode === mode;
          return (
            <button
              key={tab.mode}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-${tab.mode}-tab`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setMode(tab.mode)}
              onKeyDown={(event) => onTabKeyDown(event, index)}
              className={`rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-blue-600 ${
                selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${mode}-tab`}>
        <h1 className="text-xl font-semibold text-slate-900">{heading.title}</h1>
        <p className="mb-5 mt-1 text-sm text-slate-600">{heading.subtitle}</p>
        {mode === 'signin' ? <SignInForm onForgotPassword={() => setMode('forgot')} /> : <RegisterForm />}
      </div>
    </Card>
  );
};
