import { INVALID_RESET_LINK } from '../../../domain/auth';
import { useVerifyResetToken } from '../../api/auth';
import { Spinner } from '../../ui/spinner';
import { InvalidResetLink, invalidLinkMessage } from './invalid-reset-link';
import { ResetPasswordForm } from './reset-password-form';

/** Verifies the link first, then shows the form or explains that the link cannot be used. */
export const ResetPasswordFlow = ({ token }: { token: string }) => {
  const verification = useVerifyResetToken(token);

  if (verification.isPending) {
    return (
      <div className="flex flex-col items-center py-6 text-center text-slate-600" role="status">
        <Spinner className="size-8 text-blue-600" />
        <p className="mt-4 text-sm">Verifying your reset link…</p>
      </div>
    );
  }
  if (verification.isError) return <InvalidResetLink message={invalidLinkMessage(verification.error)} />;
  if (!verification.data.valid) return <InvalidResetLink message={verification.data.error ?? INVALID_RESET_LINK} />;
  return <ResetPasswordForm token={token} email={verification.data.email} />;
};
