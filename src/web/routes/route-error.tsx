import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClasses } from '../ui/button-styles';
import { AlertIcon } from '../ui/icons';
import { NotFoundRoute } from './not-found';

/** Shown when a screen crashes: a way out instead of a blank page. */
export const RouteError = () => {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4">
      <div role="alert" className="max-w-md text-center">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <AlertIcon className="size-6" />
        </div>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Something went wrong</h1>
        <p className="mt-2 text-slate-600">This screen hit an unexpected problem. Reloading the page usually helps.</p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" onClick={() => window.location.reload()} className={buttonClasses()}>
            Reload
          </button>
          <a href="/" className={buttonClasses({ variant: 'secondary' })}>
            Go to home page
          </a>
        </div>
      </div>
    </div>
  );
};
