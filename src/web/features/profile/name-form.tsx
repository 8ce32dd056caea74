import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { updateProfileSchema, type ProfileReply } from '../../../domain/profile-schemas';
import { useUpdateProfile } from '../../api/profile';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { useAuth } from '../../shared/auth-context';
import { fieldErrors } from '../../shared/field-errors';

/** The user's first and last name, saved with PUT /api/auth/profile; the user menu follows. */
export const NameForm = ({ profile }: { profile: ProfileReply }) => {
  const { refreshUser } = useAuth();
  const [draft, setDraft] = useState({ firstName: profile.first_name ?? '', lastName: profile.last_name ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useUpdateProfile();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProfileSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: async () => {
        toast.success('Your name was saved');
        await refreshUser();
      },
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 p-6 sm:grid-cols-2" aria-labelledby="profile-name-heading">
      <h2 id="profile-name-heading" className="text-base font-semibold text-slate-900 sm:col-span-2">
        Your name
      </h2>
      <TextField
        label="First name"
        name="firstName"
        autoComplete="given-name"
        required
        value={draft.firstName}
        error={errors.firstName}
        onChange={(e) => setDraft((d) => ({ ...d, firstName: e.target.value }))}
      />
      <TextField
        label="Last name"
        name="lastName"
        autoComplete="family-name"
        required
        value={draft.lastName}
        error={errors.lastName}
        onChange={(e) => setDraft((d) => ({ ...d, lastName: e.target.value }))}
      />
      <div className="sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          Save name
        </Button>
      </div>
    </form>
  );
};
