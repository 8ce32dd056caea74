import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { Button } from '../ui/button';
import { Logo } from '../ui/logo';

/** Any unknown path. The spec calls for a Return to Dashboard button; visitors not signed in end on /login. */
export const NotFoundRoute = () => {
  const navigate = useNavigate();
  return (
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
          <Button size="lg" className="mt-8" onClick={() => navigate(paths.app.dashboard.href())}>
            Return to Dashboard
          </Button>
        </div>
      </main>
    </div>
  );
};
