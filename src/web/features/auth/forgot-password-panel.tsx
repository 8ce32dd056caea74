import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { forgotPasswordSchema } from '../../../domain/auth';
import { firstIssueMessage } from '../../../domain/validation';
import { useForgotPassword } from '../../api/auth';
import { serverMessage } from '../../api/client';
import { Button } from '../../ui/button';
import { ArrowLeftIcon, MailIcon } from '../../ui/icons';
import { TextField } from '../../ui/text-field';
import { RESET_SEND_FAILED, RESET_SENT } from './auth-messages';

/** Forgot password: an e-mail form, then a confirmation that does not reveal whether the account exists. */
export const ForgotPasswordPanel = ({ onBack }: { onBack: () => void }) => {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const forgotPassword = useForgotPassword();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError(firstIssueMessage(parsed.error));
      return;
    }
    setError(null);
    forgotPassword.mutate(parsed.data.email, {
      onSuccess: () => {
        toast.success(RESET_SENT);
        setSentTo(parsed.data.email);
      },
      onError: (failure) => toast.error(serverMessage(failure, RESET_SEND_FAILED)),
    });
  };

  if (sentTo) {
    return (
      <div className="text-center">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-green-50 text-green-600">
          <MailIcon className="size-6" />
        </div>
        <h2 className="text-xl font-semibold text-slate-900">Check your email</h2>
        <p className="mt-2 text-sm text-slate-600">
          If an account exists for <span className="font-medium text-slate-900">{sentTo}</span>, we have sent a password reset link to it. The link is valid for
          1 hour.
        </p>
        <Button variant="secondary" className="mt-6 w-full" onClick={onBack}>
          Back to Sign In
        </Button>
      </div>
    );
  }

  return (
    <div>
      <h2 className="text-xl font-semibold text-slate-900">Reset your password</h2>
      <p className="mt-1 text-sm text-slate-600">Enter the email address you signed up with and we will send you a link to set a new password.</p>
      <form onSubmit={submit} noValidate className="mt-5 space-y-4" aria-label="Forgot password">
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        <Button type="submit" className="w-full" loading={forgotPassword.isPending}>
          Send Reset Link
        </Button>
      </form>
      <Button variant="ghost" size="sm" className="mt-3 w-full" onClick={onBack}>
        <ArrowLeftIcon className="size-4" />
        Back to Sign In
      </Button>
    </div>
  );
};
