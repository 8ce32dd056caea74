import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { NOTIFICATION_MESSAGES } from '../../../../domain/notification-schemas';
import { isValidEmail } from '../../../../domain/validation';
import { isApiError } from '../../../api/client';
import { useCreateNotificationSetting, useUpdateNotificationSetting, type NotificationSetting, type NotificationTypeInfo } from '../../../api/notifications';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { inputClasses, TextField } from '../../../ui/text-field';
import { SETTING_TOASTS } from './setting-messages';

interface SettingFormProps {
  types: NotificationTypeInfo[];
  /** The recipient being edited; none to add one. */
  editing: NotificationSetting | null;
  onDone: () => void;
}

/** Add a recipient to a notification type, or change a recipient's e-mail (the type is fixed once created). */
export const SettingForm = ({ types, editing, onDone }: SettingFormProps) => {
  const create = useCreateNotificationSetting();
  const update = useUpdateNotificationSetting();
  const selectId = useId();
  const [type, setType] = useState(editing?.notification_type ?? '');
  const [email, setEmail] = useState(editing?.recipient_email ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setServerError(null);
    const recipient = email.trim();
    if (!type || !recipient) {
      setEmailError(null);
      toast.error(NOTIFICATION_MESSAGES.settingRequired);
      return;
    }
    if (!isValidEmail(recipient)) {
      setEmailError(NOTIFICATION_MESSAGES.invalidEmail);
      return;
    }
    setEmailError(null);
    const onError = (error: unknown) => {
      toast.error(SETTING_TOASTS.saveFailed);
      if (isApiError(error) && !error.isNetworkError && error.status < 500) setServerError(error.message);
    };
    if (editing) {
      update.mutate(
        { id: editing.id, body: { recipient_email: recipient, is_active: editing.is_active } },
        {
          onSuccess: () => {
            toast.success(SETTING_TOASTS.updated);
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { notification_type: type, recipient_email: recipient },
        {
          onSuccess: () => {
            toast.success(SETTING_TOASTS.created);
            setEmail('');
            onDone();
          },
          onError,
        },
      );
    }
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{editing ? 'Edit Recipient' : 'Add Recipient'}</h2>
      <p className="mt-1 text-sm text-slate-500">
        {editing ? 'The notification type cannot be changed; delete the recipient and add it again instead.' : 'Who receives an e-mail for a type of event.'}
      </p>
      <form noValidate onSubmit={submit} className="mt-4 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start">
        <div>
          <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-slate-700">
            Notification Type
          </label>
          <select
            id={selectId}
            value={type}
            onChange={(event) => setType(event.target.value)}
            disabled={editing !== null || saving}
            className={inputClasses(false)}
          >
            <option value="">Select a notification type</option>
            {types.map((info) => (
              <option key={info.type} value={info.type}>
                {info.name}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Recipient Email"
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
          error={emailError ?? serverError}
          disabled={saving}
        />
        <div className="flex gap-2 md:pt-6">
          {editing && (
            <Button variant="secondary" onClick={onDone} disabled={saving}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {editing ? 'Save Changes' : 'Add Recipient'}
          </Button>
        </div>
      </form>
    </Card>
  );
};
