import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FRAME_RATES, stationProfileInputSchema, type StationProfile } from '../../../domain/station-schemas';
import { useStationProfile, useUpdateStationProfile } from '../../api/station';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { EmptyState } from '../../ui/empty-state';
import { PageHeader } from '../../ui/page-header';
import { PageSpinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import { WebhooksSection } from '../webhooks/webhooks-section';
import { BooksSection } from './books-section';
import { ChannelsSection } from './channels-section';
import { SeparationsFieldset, separationDraftOf, separationsOfDraft, type SeparationDraft } from './separations-fieldset';
import { ProgramsSection } from './programs-section';

const FIELDS = [
  { key: 'name', label: 'Station name', autoComplete: 'organization' },
  { key: 'address', label: 'Address', autoComplete: 'street-address' },
  { key: 'phone', label: 'Phone', autoComplete: 'tel' },
  { key: 'email', label: 'E-mail', autoComplete: 'email' },
  { key: 'remit_to', label: 'Remit payments to', autoComplete: 'off' },
  { key: 'tax_id', label: 'Tax id', autoComplete: 'off' },
  // What AI buying agents read at /.well-known/adagents.json (decision 035).
  { key: 'call_letters', label: 'Call letters', autoComplete: 'off' },
  { key: 'fcc_facility_id', label: 'FCC facility id', autoComplete: 'off' },
  { key: 'agent_url', label: 'AdCP agent URL', autoComplete: 'url' },
] as const;
type FieldKey = (typeof FIELDS)[number]['key'];
type Draft = Record<FieldKey, string> & {
  logo: string | null;
  frame_rate: number;
  drop_frame: boolean;
  date_order: 'MDY' | 'DMY';
  require_ad_id: boolean;
  auto_offer_makegoods: boolean;
  product_separations: SeparationDraft;
  paper_size: 'letter' | 'a4';
  /** The prefixes as typed, comma-separated. */
  station_material: string;
};

/** "PSA, PRO ,id" → ['PSA', 'PRO', 'id']: the prefixes the station typed. */
const prefixesOf = (text: string) =>
  text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

const draftOf = (profile: StationProfile): Draft => ({
  name: profile.name,
  address: profile.address ?? '',
  phone: profile.phone ?? '',
  email: profile.email ?? '',
  remit_to: profile.remit_to ?? '',
  tax_id: profile.tax_id ?? '',
  call_letters: profile.call_letters ?? '',
  fcc_facility_id: profile.fcc_facility_id ?? '',
  agent_url: profile.agent_url ?? '',
  logo: profile.logo,
  frame_rate: profile.frame_rate,
  drop_frame: profile.drop_frame,
  date_order: profile.date_order,
  require_ad_id: profile.require_ad_id,
  auto_offer_makegoods: profile.auto_offer_makegoods,
  product_separations: separationDraftOf(profile.product_separations),
  paper_size: profile.paper_size,
  station_material: profile.station_material_prefixes.join(', '),
});

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The logo could not be read'));
    reader.readAsDataURL(file);
  });

const ProfileForm = ({ profile }: { profile: StationProfile }) => {
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [errors, setErrors] = useState<Partial<Record<FieldKey | 'logo' | 'product_separations' | 'station_material', string>>>({});
  const save = useUpdateStationProfile();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { station_material, ...rest } = draft;
    const parsed = stationProfileInputSchema.safeParse({
      ...rest,
      product_separations: separationsOfDraft(draft.product_separations),
      station_material_prefixes: prefixesOf(station_material),
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [i.path[0] === 'station_material_prefixes' ? 'station_material' : String(i.path[0]), i.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Station profile saved'),
      onError: (error) => toast.error(error.message),
    });
  };

  const onLogo = async (file: File | undefined) => {
    if (!file) return;
    if (!['image/png', 'image/jpeg'].includes(file.type)) return setErrors((e) => ({ ...e, logo: 'Logo must be a PNG or JPEG image' }));
    if (file.size > 200 * 1024) return setErrors((e) => ({ ...e, logo: 'Logo must be under 200 KB' }));
    const logo = await readAsDataUrl(file);
    setErrors((e) => ({ ...e, logo: undefined }));
    setDraft((d) => ({ ...d, logo }));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 p-6 sm:grid-cols-2">
      {FIELDS.map((field) => (
        <TextField
          key={field.key}
          label={field.label}
          name={field.key}
          autoComplete={field.autoComplete}
          value={draft[field.key]}
          error={errors[field.key]}
          required={field.key === 'name'}
          onChange={(e) => setDraft((d) => ({ ...d, [field.key]: e.target.value }))}
        />
      ))}
      <div className="sm:col-span-2">
        <label htmlFor="station-logo" className="mb-1 block text-sm font-medium text-slate-700">
          Logo (PNG or JPEG, under 200 KB)
        </label>
        <div className="flex flex-wrap items-center gap-4">
          {draft.logo && <img src={draft.logo} alt="Station logo" className="h-12 w-auto rounded border border-slate-200" />}
          <input id="station-logo" type="file" accept="image/png,image/jpeg" className="text-sm" onChange={(e) => void onLogo(e.target.files?.[0])} />
          {draft.logo && (
            <Button variant="ghost" size="sm" onClick={() => setDraft((d) => ({ ...d, logo: null }))}>
              Remove logo
            </Button>
          )}
        </div>
        {errors.logo && <p className="mt-1 text-sm text-red-600">{errors.logo}</p>}
      </div>
      <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Master control (BXF logs and as-runs)</legend>
        <div>
          <label htmlFor="station-frame-rate" className="mb-1 block text-sm font-medium text-slate-700">
            Frame rate
          </label>
          <select
            id="station-frame-rate"
            name="frame_rate"
            value={String(draft.frame_rate)}
            onChange={(e) => setDraft((d) => ({ ...d, frame_rate: Number(e.target.value) }))}
            className="w-full rounded-md border border-slate-300 px-2 py-2 text-sm"
          >
            {FRAME_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate} fps
              </option>
            ))}
          </select>
        </div>
        <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="drop_frame"
            checked={draft.drop_frame}
            onChange={(e) => setDraft((d) => ({ ...d, drop_frame: e.target.checked }))}
            className="size-4"
          />
          Drop-frame timecode
        </label>
        <div>
          <label htmlFor="station-date-order" className="mb-1 block text-sm font-medium text-slate-700">
            Dates in as-run files
          </label>
          <select
            id="station-date-order"
            name="date_order"
            value={draft.date_order}
            onChange={(e) => setDraft((d) => ({ ...d, date_order: e.target.value as Draft['date_order'] }))}
            className="w-full rounded-md border border-slate-300 px-2 py-2 text-sm"
          >
            <option value="MDY">Month first (M/D/YYYY)</option>
            <option value="DMY">Day first (D/M/YYYY)</option>
          </select>
        </div>
      </fieldset>
      <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={draft.require_ad_id}
          onChange={(e) => setDraft((d) => ({ ...d, require_ad_id: e.target.checked }))}
        />
        <span>
          Require an Ad-ID before a spot is placed on the log
          <span className="block text-xs text-slate-500">
            Otherwise spots whose commercial has none are placed and flagged &quot;No Ad-ID&quot; on the log and the Discrepancies screen.
          </span>
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm text-slate-700 sm:col-span-2">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={draft.auto_offer_makegoods}
          onChange={(e) => setDraft((d) => ({ ...d, auto_offer_makegoods: e.target.checked }))}
        />
        <span>
          Offer makegoods automatically for missed spots
          <span className="block text-xs text-slate-500">
            Otherwise the traffic desk offers them from the Discrepancies screen (&quot;Offer makegood&quot;).
          </span>
        </span>
      </label>
      <SeparationsFieldset
        draft={draft.product_separations}
        error={errors.product_separations}
        onChange={(code, value) => setDraft((d) => ({ ...d, product_separations: { ...d.product_separations, [code]: value } }))}
      />
      <div>
        <label htmlFor="station-paper-size" className="mb-1 block text-sm font-medium text-slate-700">
          Paper for documents
        </label>
        <select
          id="station-paper-size"
          name="paper_size"
          value={draft.paper_size}
          onChange={(e) => setDraft((d) => ({ ...d, paper_size: e.target.value as Draft['paper_size'] }))}
          className="w-full rounded-md border border-slate-300 px-2 py-2 text-sm"
        >
          <option value="letter">US Letter</option>
          <option value="a4">A4</option>
        </select>
        <span className="mt-1 block text-xs text-slate-500">Invoices, statements, credit notes and affidavits are printed on it.</span>
      </div>
      <div>
        <label htmlFor="station-material" className="mb-1 block text-sm font-medium text-slate-700">
          Station material in as-runs (house-code prefixes)
        </label>
        <input
          id="station-material"
          name="station_material"
          value={draft.station_material}
          placeholder="PSA, PRO, ID"
          aria-invalid={errors.station_material ? true : undefined}
          aria-describedby="station-material-hint"
          onChange={(e) => setDraft((d) => ({ ...d, station_material: e.target.value }))}
          className="w-full rounded-md border border-slate-300 px-2 py-2 text-sm"
        />
        <span id="station-material-hint" className="mt-1 block text-xs text-slate-500">
          {errors.station_material ?? 'Comma-separated. Rows of PSAs, promos and IDs are skipped as station material, not listed as unknown codes.'}
        </span>
      </div>
      <p className="text-sm text-slate-600 sm:col-span-2">
        Time zone: <span className="font-medium text-slate-900">{profile.time_zone}</span> (set by the STATION_TIMEZONE setting of the server)
      </p>
      <div className="sm:col-span-2">
        <Button type="submit" loading={save.isPending}>
          Save profile
        </Button>
      </div>
    </form>
  );
};

/** Station Settings (admins): the station's details that invoices, affidavits and logs print. */
export const StationSettings = () => {
  const profile = useStationProfile();
  return (
    <>
      <PageHeader title="Station Settings" description="The station's details, printed on invoices, affidavits and traffic logs." />
      <Card>
        {profile.isPending ? (
          <PageSpinner label="Loading the station profile…" />
        ) : profile.isError ? (
          <EmptyState
            tone="error"
            title="The station profile could not be loaded"
            description={profile.error.message}
            action={<Button onClick={() => void profile.refetch()}>Try again</Button>}
          />
        ) : (
          <ProfileForm profile={profile.data} />
        )}
      </Card>
      <Card className="mt-6">
        <ChannelsSection />
      </Card>
      <Card className="mt-6">
        <ProgramsSection />
      </Card>
      <Card className="mt-6">
        <BooksSection />
      </Card>
      <Card className="mt-6">
        <WebhooksSection station />
      </Card>
    </>
  );
};
