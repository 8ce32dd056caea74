import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { INVALID_RESET_LINK } from '../../../domain/auth';
import { RESET_REDIRECT_MS } from '../../../domain/constants';
import { isApiError, isNetworkError } from '../../api/client';
import { paths } from '../../config/paths';
import { buttonClasses } from '../../ui/button-styles';
import { AlertIcon } from '../../ui/icons';
import { VERIFY_LINK_FAILED } from './auth-messages';

/**
 * What the toast says about a link that did not verify: the server's reason when it refused the
 * link (4xx but 429), else that the link could not be checked (network, rate limit, server error).
 */
export const invalidLinkMessage = (error: unknown): string => {
  if (isNetworkError(error) || !isApiError(error) || error.status >= 500 || error.status === 429) return VERIFY_LINK_FAILED;
  return error.message || INVALID_RESET_LINK;
};

/** The reset link is unusable: say so, then go back to sign in after 2 seconds. */
export const InvalidResetLink = ({ message }: { message: string }) => {
  const navigate = useNavigate();

  useEffect(() => {
    toast.error(message, { id: 'reset-link' });
    const timer = window.setTimeout(() => navigate(paths.login.href(), { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [message, navigate]);

  return (
    <div className="text-center">
      <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <AlertIcon className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold text-slate-900">{INVALID_RESET_LINK}</h1>
      <p className="mt-2 text-sm text-slate-600">Reset links can be used once and expire after 1 hour. Taking you back to sign in…</p>
      <Link to={paths.login.href('forgot')} className={buttonClasses({ className: 'mt-6 w-full' })}>
        Request a new reset link
      </Link>
    </div>
  );
};
