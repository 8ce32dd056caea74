import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { changePasswordFormSchema } from '../../../domain/profile-schemas';
import { serverField } from '../../api/client';
import { useChangePassword } from '../../api/profile';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { fieldErrors } from '../../shared/field-errors';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
const HINT = 'At least 8 characters, with a lowercase letter, an uppercase letter and a number.';

/** Changes the password (the current one first); every other device is signed out, this one stays. */
export const PasswordForm = () => {
  const [draft, setDraft] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangePassword();
  const field = (key: keyof typeof EMPTY) => ({
    name: key,
    type: 'password',
    value: draft[key],
    error: errors[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordFormSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    change.mutate(
      { currentPassword: draft.currentPassword, newPassword: draft.newPassword },
      {
        onSuccess: (reply) => {
          toast.success(`${reply.message}. Your other devices were signed out.`);
          setDraft(EMPTY);
        },
        onError: (error) => {
          // The server names the field it refused (decision 043): shown under that input, anything else as a toast.
          const named = serverField(error);
          if (named && named in EMPTY) setErrors({ [named]: error.message });
          else toast.error(error.message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 p-6 sm:grid-cols-2" aria-labelledby="profile-password-heading">
      <div className="sm:col-span-2">
        <h2 id="profile-password-heading" className="text-base font-semibold text-slate-900">
          Change password
        </h2>
        <p className="mt-1 text-sm text-slate-600">Other devices signed in to your account are signed out; this one stays signed in.</p>
      </div>
      <TextField label="Current password" autoComplete="current-password" className="sm:col-span-2" {...field('currentPassword')} />
      <TextField label="New password" autoComplete="new-password" hint={HINT} {...field('newPassword')} />
      <TextField label="Confirm new password" autoComplete="new-password" {...field('confirmPassword')} />
      <div className="sm:col-span-2">
        <Button type="submit" loading={change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
};
