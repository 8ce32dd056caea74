import { useId, type ReactNode } from 'react';
import { roleProfileLabel } from '../../../domain/roles';
import { useAuth } from '../../features/auth/auth-context';
import { InfoNote } from '../../ui/alert';
import { Card } from '../../ui/card';
import { ClockIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';

/** A read-only value, named by its label for assistive technology. */
const Field = ({ label, children }: { label: string; children: ReactNode }) => {
  const labelId = useId();
  return (
    <div className="px-6 py-4 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt id={labelId} className="text-sm font-medium text-slate-500">
        {label}
      </dt>
      <dd aria-labelledby={labelId} className="mt-1 break-words text-sm text-slate-900 sm:col-span-2 sm:mt-0">
        {children}
      </dd>
    </div>
  );
};

export const ProfileRoute = () => {
  const { user } = useAuth();
  if (!user) return null;
  const name = user.full_name?.trim();
  return (
    <>
      <PageHeader title="Profile" description="Your account details." />
      <div className="max-w-3xl space-y-6">
        <Card>
          <dl className="divide-y divide-slate-100">
            {name && <Field label="Full name">{name}</Field>}
            <Field label="Email">{user.email}</Field>
            <Field label="Role">{roleProfileLabel(user.role)}</Field>
          </dl>
        </Card>
        <InfoNote icon={<ClockIcon className="size-5 shrink-0" />}>
          <p className="font-medium">Profile editing is being migrated</p>
          <p className="mt-1">
            Your details are read-only for now. Editing your name, company and contact details will return in a later
            release.
          </p>
        </InfoNote>
      </div>
    </>
  );
};
