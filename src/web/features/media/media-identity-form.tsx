import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { parseAdId, SPOT_LENGTHS } from '../../../domain/ad-id';
import { MEDIA_TITLE_MAX, type MediaAsset } from '../../../domain/media-schemas';
import { mediaKeys, updateMediaIdentity } from '../../api/media';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { inputClasses, TextField } from '../../ui/text-field';

const messageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'Could not save');

/** The commercial's Ad-ID, booked length and title, editable by its owner until it airs (issue 27). */
export const MediaIdentityForm = ({ asset }: { asset: MediaAsset }) => {
  const queryClient = useQueryClient();
  const lengthId = useId();
  const [adId, setAdId] = useState(asset.ad_id ?? '');
  const [spotLength, setSpotLength] = useState(asset.spot_length ? String(asset.spot_length) : '');
  const [title, setTitle] = useState(asset.title ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      updateMediaIdentity(asset.id, {
        ad_id: adId.trim() || null,
        spot_length: SPOT_LENGTHS.find((length) => String(length) === spotLength) ?? null,
        title: title.trim() || null,
      }),
    onSuccess: () => {
      toast.success('Commercial details saved');
      void queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    },
    onError: (e) => setError(messageOf(e)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = adId.trim() ? parseAdId(adId) : null;
    if (checked && !checked.ok) return setError(checked.error);
    setError(null);
    save.mutate();
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Commercial details" className="mt-4 space-y-3 rounded-lg border border-slate-200 p-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField label="Ad-ID" value={adId} maxLength={12} onChange={(event) => setAdId(event.target.value.toUpperCase())} className="font-mono" />
        <div>
          <label htmlFor={lengthId} className="mb-1 block text-sm font-medium text-slate-700">
            Spot length
          </label>
          <select id={lengthId} value={spotLength} onChange={(event) => setSpotLength(event.target.value)} className={inputClasses(false)}>
            <option value="">Not set</option>
            {SPOT_LENGTHS.map((length) => (
              <option key={length} value={String(length)}>
                :{length}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Title" value={title} maxLength={MEDIA_TITLE_MAX} onChange={(event) => setTitle(event.target.value)} />
      </div>
      {asset.spot_length_warning && <p className="text-sm text-amber-700">{asset.spot_length_warning}</p>}
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Button type="submit" variant="secondary" loading={save.isPending}>
        Save details
      </Button>
    </form>
  );
};
