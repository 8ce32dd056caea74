import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonClasses } from '../../ui/button-styles';
import { Logo } from '../../ui/logo';

export const LandingHeader = () => (
  <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
    <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
      <Logo />
      <nav aria-label="Site" className="flex items-center gap-2">
        <a href="#features" className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 sm:inline">
          Features
        </a>
        <a href="#how-it-works" className="hidden rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 sm:inline">
          How it works
        </a>
        <Link to={paths.login.href()} className={buttonClasses({ variant: 'secondary' })}>
          Sign In
        </Link>
      </nav>
    </div>
  </header>
);
