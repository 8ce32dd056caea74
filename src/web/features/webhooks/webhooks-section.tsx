import { formatInstantDateTime } from '../../shared/station-time';
import { useState, type FormEvent } from 'react';
import { SecretOnce } from '../../ui/secret-once';
import toast from 'react-hot-toast';
import { WEBHOOK_EVENT_TYPES, type Webhook, type WebhookDelivery } from '../../../domain/webhooks';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useRetryWebhookDelivery,
  useSendWebhookTest,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../../api/webhooks';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextField } from '../../ui/text-field';

/** What the last attempt of a delivery got: its status code, or its error. */
const lastOutcome = (delivery: WebhookDelivery) => {
  const last = delivery.attempts.at(-1);
  if (!last) return 'Not sent yet';
  return last.status_code !== null && last.status_code >= 200 && last.status_code < 300
    ? `HTTP ${last.status_code}`
    : (last.error ?? `HTTP ${String(last.status_code)}`);
};
const STATE_LABEL: Record<WebhookDelivery['state'], string> = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' };

const Deliveries = ({ webhook }: { webhook: Webhook }) => {
  const deliveries = useWebhookDeliveries(webhook.id);
  const retry = useRetryWebhookDelivery();
  if (deliveries.isPending) return <p className="text-sm text-slate-600">Loading deliveries…</p>;
  if (deliveries.isError) return <p className="text-sm text-red-700">{deliveries.error.message}</p>;
  if (deliveries.data.deliveries.length === 0) return <p className="text-sm text-slate-600">No deliveries yet.</p>;
  return (
    <table className="w-full text-left text-sm" aria-label={`Deliveries to ${webhook.url}`}>
      <thead className="text-slate-500">
        <tr>
          <th className="py-1 pr-3 font-medium">Event</th>
          <th className="py-1 pr-3 font-medium">State</th>
          <th className="py-1 pr-3 font-medium">Last attempt</th>
          <th className="py-1 pr-3 font-medium">Next retry</th>
          <th className="py-1 font-medium">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {deliveries.data.deliveries.map((delivery) => (
          <tr key={delivery.id}>
            <td className="py-1 pr-3">{delivery.event_type}</td>
            <td className="py-1 pr-3">{STATE_LABEL[delivery.state]}</td>
            <td className="py-1 pr-3">{lastOutcome(delivery)}</td>
            <td className="py-1 pr-3">{delivery.next_attempt_at ? formatInstantDateTime(delivery.next_attempt_at) : '—'}</td>
            <td className="py-1">
              {delivery.state !== 'succeeded' && webhook.enabled && (
                <Button
                  variant="secondary"
                  loading={retry.isPending && retry.variables?.deliveryId === delivery.id}
                  onClick={() =>
                    retry.mutate(
                      { deliveryId: delivery.id, webhookId: webhook.id },
                      { onSuccess: () => toast.success('Delivery queued'), onError: (e) => toast.error(e.message) },
                    )
                  }
                >
                  Retry
                </Button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};

/**
 * Webhooks (decision 030): an advertiser's own endpoints on Profile, the station's on Station Settings.
 * Add one (its `whsec_` signing secret shown once, with a copy button), enable or disable it, send a
 * test, see its deliveries and retry one, delete it after a confirmation.
 */
export const WebhooksSection = ({ station }: { station: boolean }) => {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useSendWebhookTest();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<(typeof WEBHOOK_EVENT_TYPES)[number][]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [shown, setShown] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = { url: url.trim() ? undefined : 'Endpoint URL is required', events: events.length ? undefined : 'Choose at least one event' };
    setErrors(next);
    if (next.url || next.events) return;
    create.mutate(
      { url: url.trim(), events, ...(description.trim() && { description: description.trim() }) },
      {
        onSuccess: (reply) => {
          setSecret(reply.secret);
          setUrl('');
          setDescription('');
          setEvents([]);
        },
        onError: (e) => setErrors({ form: e.message }),
      },
    );
  };
  const toggle = (type: (typeof WEBHOOK_EVENT_TYPES)[number], on: boolean) => setEvents((list) => (on ? [...list, type] : list.filter((e) => e !== type)));

  return (
    <section className="grid gap-4 p-6" aria-labelledby="webhooks-heading">
      <div>
        <h2 id="webhooks-heading" className="text-base font-semibold text-slate-900">
          Webhooks
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {station
            ? 'Station-wide endpoints hear about every advertiser’s orders, media, makegoods and invoices.'
            : 'Your endpoints hear about your own orders, media, makegoods and invoices.'}{' '}
          Each call is signed (Standard Webhooks) with the endpoint’s secret and retried for a day until it is answered with 2xx.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-3">
        <TextField
          label="Endpoint URL"
          name="webhookUrl"
          placeholder="https://example.com/spotbook"
          value={url}
          error={errors.url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <TextField label="Description" name="webhookDescription" value={description} onChange={(e) => setDescription(e.target.value)} />
        <fieldset aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
          <legend className="text-sm font-medium text-slate-700">Events</legend>
          <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-sm text-slate-700">
                <input type="checkbox" className="size-4" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
                {type}
              </label>
            ))}
          </div>
          {errors.events && (
            <p id="webhook-events-error" className="mt-1 text-sm text-red-700">
              {errors.events}
            </p>
          )}
        </fieldset>
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        )}
        <div>
          <Button type="submit" loading={create.isPending}>
            Add endpoint
          </Button>
        </div>
      </form>
      {secret && (
        <SecretOnce
          secret={secret}
          label="Signing secret"
          heading="Copy the signing secret now"
          copied="Signing secret copied"
          what="secret"
          onDone={() => setSecret(null)}
        />
      )}
      {webhooks.isError ? (
        <p className="text-sm text-red-700">{webhooks.error.message}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={station ? 'Station webhook endpoints' : 'Your webhook endpoints'}>
          {(webhooks.data?.webhooks ?? []).map((webhook) => (
            <li key={webhook.id} className="grid gap-2 py-3 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="break-all font-medium text-slate-900">{webhook.url}</p>
                  {webhook.description && <p className="text-slate-600">{webhook.description}</p>}
                  <p className="text-slate-600">{webhook.events.join(', ')}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-2">
                    {webhook.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="amber">Disabled</Badge>}
                    {!webhook.enabled && webhook.disabled_reason && <span className="text-slate-600">{webhook.disabled_reason}</span>}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    loading={update.isPending && update.variables?.id === webhook.id}
                    onClick={() => update.mutate({ id: webhook.id, enabled: !webhook.enabled }, { onError: (e) => toast.error(e.message) })}
                  >
                    {webhook.enabled ? 'Disable' : 'Enable'}
                  </Button>
                  {webhook.enabled && (
                    <Button
                      variant="secondary"
                      loading={test.isPending && test.variables === webhook.id}
                      onClick={() =>
                        test.mutate(webhook.id, {
                          onSuccess: () => {
                            setShown(webhook.id);
                            toast.success('Test event sent');
                          },
                          onError: (e) => toast.error(e.message),
                        })
                      }
                    >
                      Send test
                    </Button>
                  )}
                  <Button variant="secondary" aria-expanded={shown === webhook.id} onClick={() => setShown(shown === webhook.id ? null : webhook.id)}>
                    Deliveries
                  </Button>
                  <Button variant="secondary" onClick={() => setDeleting(webhook)}>
                    Delete
                  </Button>
                </div>
              </div>
              {shown === webhook.id && <Deliveries webhook={webhook} />}
            </li>
          ))}
          {webhooks.data?.webhooks.length === 0 && <li className="py-3 text-sm text-slate-600">No webhook endpoints yet.</li>}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete webhook endpoint?"
        message={`${deleting?.url ?? ''} will receive no more events, and its deliveries are deleted with it.`}
        confirmLabel="Delete endpoint"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success('Webhook deleted');
              setDeleting(null);
            },
            onError: (e) => toast.error(e.message),
          })
        }
      />
    </section>
  );
};
