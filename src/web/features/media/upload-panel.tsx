import { useId, useRef, useState, type FormEvent } from 'react';
import type { Brand } from '../../../domain/brand-schemas';
import { parseAdId, SPOT_LENGTHS } from '../../../domain/ad-id';
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, MEDIA_TITLE_MAX, MEDIA_TYPES } from '../../../domain/media-schemas';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { CheckCircleIcon, UploadIcon } from '../../ui/icons';
import { inputClasses, TextField } from '../../ui/text-field';
import { STAGE_LABEL, UPLOADING_LABEL } from '../../ui/media-display';
import { ProgressBar } from './progress-bar';
import { useMediaUpload, type UploadState } from './use-media-upload';

export const FILE_ACCEPT = 'video/*,.mp4,.mxf,.mov,.mpg,.mpeg';
export const FILE_HINT = 'Video only: MP4, MXF, MOV or MPG, under 2GB, 1920x1080 recommended';

/** The spec's refusals, checked before a byte is sent. */
const checkFile = (file: File | null, brandId: string): string | null => {
  if (!file || !brandId) return MEDIA_MESSAGES.required;
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase();
  if (!ext || !MEDIA_TYPES[ext]) return MEDIA_MESSAGES.unsupportedType;
  if (file.size >= MEDIA_MAX_BYTES) return MEDIA_MESSAGES.tooLarge;
  return null;
};

const Status = ({ state }: { state: UploadState }) => {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'uploading':
      return <ProgressBar value={state.progress} label={UPLOADING_LABEL} />;
    case 'processing':
      // The server's message says what is going on (waiting, checking the video, making the thumbnail…).
      return <ProgressBar value={state.progress} label={state.message || (STAGE_LABEL[state.stage] ?? 'Processing…')} />;
    case 'complete':
      return (
        <div className="space-y-2">
          <ProgressBar value={100} label={STAGE_LABEL.complete} tone="green" />
          <p role="status" className="flex items-center gap-2 text-sm font-medium text-green-700">
            <CheckCircleIcon className="size-4" />
            Upload complete: thumbnail and preview are ready.
          </p>
        </div>
      );
    case 'error':
      return <ErrorAlert>{state.message}</ErrorAlert>;
  }
};

interface UploadPanelProps {
  brands: readonly Brand[];
  /** The brand chosen in the library filter, offered first. */
  defaultBrandId?: string;
}

/** Brand, video file, Upload; then one bar for the transfer and the server's processing stages. */
export const UploadPanel = ({ brands, defaultBrandId = '' }: UploadPanelProps) => {
  const brandSelectId = useId();
  const fileId = useId();
  const hintId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [chosenBrand, setChosenBrand] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [adId, setAdId] = useState('');
  const [spotLength, setSpotLength] = useState('');
  const [title, setTitle] = useState('');
  const lengthId = useId();
  const [formError, setFormError] = useState<string | null>(null);
  const upload = useMediaUpload();

  const brandId = chosenBrand || defaultBrandId || (brands.length === 1 ? brands[0]!.id : '');
  const uploading = upload.state.phase === 'uploading';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checkedAdId = adId.trim() ? parseAdId(adId) : null;
    const problem = checkFile(file, brandId) ?? (checkedAdId && !checkedAdId.ok ? checkedAdId.error : null);
    setFormError(problem);
    if (problem || !file) return;
    const started = await upload.start({ file, brandId, adId, spotLength, title });
    if (started) {
      setFile(null);
      setAdId('');
      setTitle('');
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  return (
    <Card className="mb-6 p-4 sm:p-6">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <UploadIcon className="size-5 text-blue-600" />
        Upload media
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <div className="grid gap-4 md:grid-cols-2">
          <div>
            <label htmlFor={brandSelectId} className="mb-1 block text-sm font-medium text-slate-700">
              Brand
            </label>
            <select
              id={brandSelectId}
              required
              value={brandId}
              disabled={uploading}
              onChange={(event) => {
                setChosenBrand(event.target.value);
                setFormError(null);
              }}
              className={inputClasses(Boolean(formError) && !brandId)}
            >
              <option value="">Select a brand</option>
              {brands.map((brand) => (
                <option key={brand.id} value={brand.id}>
                  {brand.common_name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-700">
              Video file
            </label>
            <input
              ref={fileRef}
              id={fileId}
              type="file"
              required
              accept={FILE_ACCEPT}
              disabled={uploading}
              aria-describedby={hintId}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFormError(null);
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-blue-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-blue-700 hover:file:bg-blue-100"
            />
            <p id={hintId} className="mt-1 text-xs text-slate-500">
              {FILE_HINT}
            </p>
          </div>
        </div>
        <div className="grid gap-4 md:grid-cols-3">
          <TextField
            label="Ad-ID (optional)"
            value={adId}
            maxLength={12}
            disabled={uploading}
            placeholder="ABCD1234000H"
            hint="11 characters, or a legacy ISCI code"
            onChange={(event) => setAdId(event.target.value.toUpperCase())}
            className="font-mono"
          />
          <div>
            <label htmlFor={lengthId} className="mb-1 block text-sm font-medium text-slate-700">
              Spot length
            </label>
            <select
              id={lengthId}
              value={spotLength}
              disabled={uploading}
              onChange={(event) => setSpotLength(event.target.value)}
              className={inputClasses(false)}
            >
              <option value="">Not set</option>
              {SPOT_LENGTHS.map((length) => (
                <option key={length} value={String(length)}>
                  :{length}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Title (optional)"
            value={title}
            maxLength={MEDIA_TITLE_MAX}
            disabled={uploading}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        {formError && <ErrorAlert>{formError}</ErrorAlert>}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={uploading}>
            <UploadIcon className="size-4" />
            Upload
          </Button>
          {uploading && (
            <Button variant="ghost" onClick={upload.cancel}>
              Cancel
            </Button>
          )}
        </div>
        <div aria-live="polite">
          <Status state={upload.state} />
        </div>
      </form>
    </Card>
  );
};
