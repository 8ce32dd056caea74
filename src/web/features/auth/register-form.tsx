import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, registerFormSchema } from '../../../domain/auth';
import { paths } from '../../config/paths';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useAuth } from '../../shared/auth-context';
import { REGISTER_FALLBACK, REGISTER_SUCCESS, authErrorMessage } from './auth-messages';
import { fieldErrors } from '../../shared/field-errors';
import { EMPTY_REGISTER_FORM, REGISTER_FIELDS, type RegisterField } from './register-fields';

export const RegisterForm = () => {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY_REGISTER_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const update = (name: RegisterField, value: string) => setValues((previous) => ({ ...previous, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(null);
    const parsed = registerFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    const { confirmPassword: _confirmPassword, ...input } = parsed.data;
    try {
      await register(input);
      toast.success(REGISTER_SUCCESS);
      navigate(paths.app.dashboard.href(), { replace: true });
    } catch (error) {
      const message = authErrorMessage(error, REGISTER_FALLBACK);
      setFormError(message);
      toast.error(message);
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Create account">
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        {REGISTER_FIELDS.map((field) => (
          <TextField
            key={field.name}
            className={field.wide ? 'sm:col-span-2' : ''}
            label={field.label}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={(event) => update(field.name, event.target.value)}
            error={errors[field.name]}
            hint={field.name === 'password' ? `At least ${PASSWORD_MIN_LENGTH} characters` : undefined}
          />
        ))}
      </div>
      <Button type="submit" className="w-full" loading={submitting}>
        Create Account
      </Button>
    </form>
  );
};
