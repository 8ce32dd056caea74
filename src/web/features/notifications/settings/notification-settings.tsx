import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import {
  useDeleteNotificationSetting,
  useNotificationSettings,
  useNotificationTypes,
  useUpdateNotificationSetting,
  type NotificationSetting,
} from '../../../api/notifications';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { PageHeader } from '../../../ui/page-header';
import { PageSpinner } from '../../../ui/spinner';
import { LoadError } from '../../../ui/load-error';
import { SettingCard } from './setting-card';
import { SettingForm } from './setting-form';
import { DELETE_SETTING_QUESTION, SETTING_TOASTS } from './setting-messages';

/** /app/admin/notifications: who receives an e-mail for each type of event. */
export const NotificationSettings = () => {
  const types = useNotificationTypes();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSetting();
  const remove = useDeleteNotificationSetting();
  const [editing, setEditing] = useState<NotificationSetting | null>(null);
  const [deleting, setDeleting] = useState<NotificationSetting | null>(null);
  const [toggling, setToggling] = useState<ReadonlySet<string>>(new Set());

  const failed = types.isError || settings.isError;
  useEffect(() => {
    if (failed) toast.error(SETTING_TOASTS.loadFailed, { id: 'notification-settings-load' });
  }, [failed]);

  const byType = useMemo(() => {
    const groups = new Map<string, NotificationSetting[]>();
    for (const setting of settings.data ?? []) groups.set(setting.notification_type, [...(groups.get(setting.notification_type) ?? []), setting]);
    for (const list of groups.values()) list.sort((a, b) => a.recipient_email.localeCompare(b.recipient_email));
    return groups;
  }, [settings.data]);

  const toggle = (setting: NotificationSetting) => {
    const next = !setting.is_active;
    setToggling((ids) => new Set(ids).add(setting.id));
    update.mutate(
      { id: setting.id, body: { is_active: next } },
      {
        onSuccess: () => toast.success(next ? SETTING_TOASTS.enabled : SETTING_TOASTS.disabled),
        onError: () => toast.error(SETTING_TOASTS.updateFailed),
        onSettled: () =>
          setToggling((ids) => {
            const rest = new Set(ids);
            rest.delete(setting.id);
            return rest;
          }),
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: () => {
        toast.success(SETTING_TOASTS.deleted);
        if (editing?.id === target.id) setEditing(null);
        setDeleting(null);
      },
      onError: () => {
        toast.error(SETTING_TOASTS.deleteFailed);
        setDeleting(null);
      },
    });
  };

  let content;
  if ((types.isPending && !types.data) || (settings.isPending && !settings.data)) {
    content = <PageSpinner label="Loading notification settings…" />;
  } else if (!types.data || !settings.data) {
    const retry = () => {
      if (types.isError) void types.refetch();
      if (settings.isError) void settings.refetch();
    };
    content = (
      <Card>
        <LoadError title={SETTING_TOASTS.loadFailed} error={types.error ?? settings.error} retrying={types.isFetching || settings.isFetching} onRetry={retry} />
      </Card>
    );
  } else {
    const typeList = types.data;
    content = (
      <div className="space-y-6">
        <SettingForm key={editing?.id ?? 'new'} types={typeList} editing={editing} onDone={() => setEditing(null)} />
        <div className="grid gap-6 lg:grid-cols-2">
          {typeList.map((info) => (
            <SettingCard
              key={info.type}
              info={info}
              settings={byType.get(info.type) ?? []}
              editingId={editing?.id ?? null}
              togglingIds={toggling}
              onToggle={toggle}
              onEdit={(setting) => {
                setEditing(setting);
                window.scrollTo({ top: 0, behavior: 'smooth' });
              }}
              onDelete={setDeleting}
            />
          ))}
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeader title="Email Notification Settings" description="Choose who receives an e-mail for each type of event." />
      {content}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Recipient"
        message={DELETE_SETTING_QUESTION}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
};
