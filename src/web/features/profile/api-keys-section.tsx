import { formatInstantDateTime } from '../../shared/station-time';
import { useState, type FormEvent } from 'react';
import { SecretOnce } from '../../ui/secret-once';
import toast from 'react-hot-toast';
import type { ApiKey } from '../../../domain/api-keys';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../api/api-keys';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { TextField } from '../../ui/text-field';

/** Profile → API keys (decision 030): make a key (its secret shown once, with a copy button), see when each was last used, revoke. */
export const ApiKeysSection = () => {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Name is required');
    setError(undefined);
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (reply) => {
          setSecret(reply.secret);
          setName('');
        },
        onError: (e) => setError(e.message),
      },
    );
  };

  return (
    <section className="grid gap-4 p-6" aria-labelledby="profile-api-keys-heading">
      <div>
        <h2 id="profile-api-keys-heading" className="text-base font-semibold text-slate-900">
          API keys
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Keys let your buying system call Spotbook as you. A key cannot sign in, change your password or make keys.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-3">
        <TextField label="Key name" name="apiKeyName" value={name} error={error} onChange={(e) => setName(e.target.value)} className="min-w-60 flex-1" />
        <Button type="submit" loading={create.isPending}>
          Create API key
        </Button>
      </form>
      {secret && (
        <SecretOnce secret={secret} label="New API key" heading="Copy your new key now" copied="API key copied" what="key" onDone={() => setSecret(null)} />
      )}
      {keys.isError ? (
        <p className="text-sm text-red-700">{keys.error.message}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Your API keys">
          {(keys.data?.api_keys ?? []).map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
              <div>
                <p className="font-medium text-slate-900">{key.name}</p>
                <p className="text-slate-600">
                  {key.prefix}… · {key.scopes.join(', ')} · {key.last_used_at ? `Last used ${formatInstantDateTime(key.last_used_at)}` : 'Never used'}
                  {key.revoked_at && ` · Revoked ${formatInstantDateTime(key.revoked_at)}`}
                </p>
              </div>
              {!key.revoked_at && (
                <Button variant="secondary" onClick={() => setRevoking(key)}>
                  Revoke {key.name}
                </Button>
              )}
            </li>
          ))}
          {keys.data?.api_keys.length === 0 && <li className="py-3 text-sm text-slate-600">No API keys yet.</li>}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key?"
        message={`Calls with "${revoking?.name ?? ''}" will be refused at once. This cannot be undone.`}
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.success('API key revoked');
              setRevoking(null);
            },
            onError: (e) => toast.error(e.message),
          })
        }
      />
    </section>
  );
};
