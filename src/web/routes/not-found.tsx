import { Link } from 'react-router';
import { paths } from '../config/paths';
import { buttonClasses } from '../ui/button-styles';
import { Logo } from '../ui/logo';

export const NotFoundRoute = () => (
  <div className="flex min-h-dvh flex-col bg-slate-50">
    <title>Page Not Found · Spotbook</title>
    <header className="px-4 py-4 sm:px-6">
      <Logo />
    </header>
    <main className="flex flex-1 items-center justify-center px-4 pb-16">
      <div className="text-center">
        <p className="text-6xl font-bold text-blue-600">404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
        <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Link to={paths.app.dashboard.href()} className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
          Return to Dashboard
        </Link>
      </div>
    </main>
  </div>
);
