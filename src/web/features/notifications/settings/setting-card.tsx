import type { NotificationSetting, NotificationTypeInfo } from '../../../api/notifications';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { MailIcon } from '../../../ui/icons';

interface ToggleProps {
  setting: NotificationSetting;
  busy: boolean;
  onToggle: () => void;
}

/** The enable/disable switch of one recipient. */
const ActiveToggle = ({ setting, busy, onToggle }: ToggleProps) => {
  const active = setting.is_active;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={active}
      aria-label={`${active ? 'Disable' : 'Enable'} ${setting.recipient_email}`}
      disabled={busy}
      onClick={onToggle}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 ${
        active ? 'bg-blue-600' : 'bg-slate-300'
      }`}
    >
      <span className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${active ? 'translate-x-5' : 'translate-x-0.5'}`} />
    </button>
  );
};

interface SettingCardProps {
  info: NotificationTypeInfo;
  settings: NotificationSetting[];
  editingId: string | null;
  togglingIds: ReadonlySet<string>;
  onToggle: (setting: NotificationSetting) => void;
  onEdit: (setting: NotificationSetting) => void;
  onDelete: (setting: NotificationSetting) => void;
}

/** One notification type: its name, what it is about, and who receives it. */
export const SettingCard = ({ info, settings, editingId, togglingIds, onToggle, onEdit, onDelete }: SettingCardProps) => {
  const headingId = `notification-type-${info.type}`;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              {info.name}
            </h2>
            <p className="mt-0.5 text-sm text-slate-500">{info.description}</p>
          </div>
          <span className="shrink-0 whitespace-nowrap">
            <Badge tone={settings.length > 0 ? 'blue' : 'slate'}>
              {settings.length} {settings.length === 1 ? 'recipient' : 'recipients'}
            </Badge>
          </span>
        </div>
        {settings.length === 0 ? (
          <p className="px-4 py-4 text-sm text-slate-500 sm:px-6">No recipients yet</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {settings.map((setting) => (
              <li key={setting.id} className={`flex flex-wrap items-center gap-3 px-4 py-3 sm:px-6 ${editingId === setting.id ? 'bg-blue-50/60' : ''}`}>
                <MailIcon className="size-4 shrink-0 text-slate-500" />
                {/* At least 14rem for the address: on a phone the controls wrap to the next line instead of squeezing it. */}
                <span
                  className={`min-w-0 flex-1 basis-56 truncate text-sm ${setting.is_active ? 'text-slate-900' : 'text-slate-500 line-through'}`}
                  title={setting.recipient_email}
                >
                  {setting.recipient_email}
                </span>
                <Badge tone={setting.is_active ? 'green' : 'slate'}>{setting.is_active ? 'Active' : 'Inactive'}</Badge>
                <ActiveToggle setting={setting} busy={togglingIds.has(setting.id)} onToggle={() => onToggle(setting)} />
                <Button variant="secondary" size="sm" aria-label={`Edit ${setting.recipient_email}`} onClick={() => onEdit(setting)}>
                  Edit
                </Button>
                <Button variant="secondary" size="sm" aria-label={`Delete ${setting.recipient_email}`} onClick={() => onDelete(setting)}>
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
};
