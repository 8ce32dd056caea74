import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, resetPasswordFormSchema } from '../../../domain/auth';
import { RESET_REDIRECT_MS } from '../../../domain/constants';
import { useResetPassword } from '../../api/auth';
import { serverMessage } from '../../api/client';
import { paths } from '../../config/paths';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { CheckCircleIcon } from '../../ui/icons';
import { TextField } from '../../ui/text-field';
import { RESET_DONE, RESET_FAILED } from './auth-messages';

type FieldName = 'newPassword' | 'confirmPassword';

/** The new-password form for a verified link; only the first failing rule is shown. */
export const ResetPasswordForm = ({ token, email }: { token: string; email: string | null }) => {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [values, setValues] = useState<Record<FieldName, string>>({ newPassword: '', confirmPassword: '' });
  const [fieldError, setFieldError] = useState<{ field: FieldName; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!resetPassword.isSuccess) return;
    const timer = window.setTimeout(() => navigate(paths.login.href(), { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [resetPassword.isSuccess, navigate]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = resetPasswordFormSchema.safeParse(values);
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    if (issue) {
      setFieldError({ field: issue.path[0] === 'confirmPassword' ? 'confirmPassword' : 'newPassword', message: issue.message });
      return;
    }
    setFieldError(null);
    resetPassword.mutate(
      { token, newPassword: values.newPassword },
      {
        onSuccess: () => toast.success(RESET_DONE),
        onError: (error) => {
          const message = serverMessage(error, RESET_FAILED);
          setFormError(message);
          toast.error(message);
        },
      },
    );
  };

  if (resetPassword.isSuccess) {
    return (
      <div className="text-center" role="status">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-50 text-green-600">
          <CheckCircleIcon className="size-6" />
        </div>
        <h1 className="mt-4 text-xl font-semibold text-slate-900">Password updated</h1>
        <p className="mt-2 text-sm text-slate-600">You can now log in with your new password. Taking you to sign in…</p>
        <Link to={paths.login.href()} className="mt-4 inline-block text-sm font-medium text-blue-600 hover:underline">
          Go to Sign In now
        </Link>
      </div>
    );
  }

  const errorFor = (field: FieldName) => (fieldError?.field === field ? fieldError.message : null);
  const update = (field: FieldName, value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  return (
    <>
      <h1 className="text-xl font-semibold text-slate-900">Set a new password</h1>
      {email && (
        <p className="mt-1 text-sm text-slate-600">
          For the account <span className="font-medium text-slate-900">{email}</span>
        </p>
      )}
      <form onSubmit={submit} noValidate className="mt-6 space-y-4" aria-label="Reset password">
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <TextField
          label="New Password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(event) => update('newPassword', event.target.value)}
          error={errorFor('newPassword')}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters, with a lowercase letter, an uppercase letter and a number.`}
        />
        <TextField
          label="Confirm Password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => update('confirmPassword', event.target.value)}
          error={errorFor('confirmPassword')}
        />
        <Button type="submit" className="w-full" loading={resetPassword.isPending}>
          Reset Password
        </Button>
      </form>
    </>
  );
};
