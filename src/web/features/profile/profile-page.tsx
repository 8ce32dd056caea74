import { useId, type ReactNode } from 'react';
import { isAdmin, roleProfileLabel } from '../../../domain/roles';
import { useProfile } from '../../api/profile';
import { InfoNote } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { ClockIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { useAuth } from '../../shared/auth-context';
import { NameForm } from './name-form';
import { ApiKeysSection } from './api-keys-section';
import { PasswordForm } from './password-form';
import { WebhooksSection } from '../webhooks/webhooks-section';

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

/** Profile: e-mail and role read-only (the spec's), the name and the password editable (decision 019). */
export const ProfilePage = () => {
  const { user } = useAuth();
  const profile = useProfile();
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
        <Card>
          {profile.isPending ? (
            <PageSpinner label="Loading your profile…" />
          ) : profile.isError ? (
            <EmptyState
              tone="error"
              title="Your profile could not be loaded"
              description={profile.error.message}
              action={<Button onClick={() => void profile.refetch()}>Try again</Button>}
            />
          ) : (
            <NameForm key={profile.data.id} profile={profile.data} />
          )}
        </Card>
        <Card>
          <PasswordForm />
        </Card>
        <Card>
          <ApiKeysSection />
        </Card>
        {/* An administrator's endpoints are the station's: on Station Settings. */}
        {!isAdmin(user.role) && (
          <Card>
            <WebhooksSection station={false} />
          </Card>
        )}
        <InfoNote icon={<ClockIcon className="size-5 shrink-0" />}>
          <p className="font-medium">Profile editing is being migrated</p>
          <p className="mt-1">
            Your name and password can be changed here. Your e-mail, company and contact details are read-only for now; editing them will return in a later
            release.
          </p>
        </InfoNote>
      </div>
    </>
  );
};
