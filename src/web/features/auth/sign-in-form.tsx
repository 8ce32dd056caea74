import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useNavigate } from 'react-router';
import { loginSchema } from '../../../domain/auth';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useAuth } from '../../shared/auth-context';
import { authErrorMessage } from './auth-messages';
import { fieldErrors } from '../../shared/field-errors';
import { afterSignInPath } from './return-to';

export const SignInForm = ({ onForgotPassword }: { onForgotPassword: () => void }) => {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [errorToast, setErrorToast] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await login(parsed.data);
      // A failed attempt's toast is not left saying "Invalid email or password" on the dashboard.
      if (errorToast) toast.remove(errorToast);
      navigate(afterSignInPath(location), { replace: true });
    } catch (error) {
      const message = authErrorMessage(error);
      setFormError(message);
      if (errorToast) toast.remove(errorToast);
      setErrorToast(toast.error(message));
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Sign in">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
      />
      <div>
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        <div className="mt-2 text-right">
          <Button variant="link" onClick={onForgotPassword}>
            Forgot password?
          </Button>
        </div>
      </div>
      <Button type="submit" className="w-full" loading={submitting}>
        Sign In
      </Button>
    </form>
  );
};
