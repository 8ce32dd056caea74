import { z } from 'zod';
import { productSeparationsInputSchema } from './product-categories';

const MAX_LOGO_CHARS = 300_000;
/** Frame rates master control may run at; 29.97 (drop-frame) is the North American default. */
export const FRAME_RATES = [23.976, 24, 25, 29.97, 30, 50, 59.94, 60] as const;
export const DATE_ORDERS = ['MDY', 'DMY'] as const;
/** The paper a station prints its documents on (issue 44). */
export const PAPER_SIZES = ['letter', 'a4'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
const FRAME_RATE_MESSAGE = `Frame rate must be one of ${FRAME_RATES.join(', ')}`;
const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A station's call letters, as the FCC writes them (WSPT, WSPT-TV, WSPT-LD2). */
export const callLetters = z
  .string({ error: 'Call letters must be text' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3,4}(-(TV|DT|LD|CD|CA|LP)\d?)?$/, 'Call letters must be 3 or 4 letters, optionally with a suffix such as -TV');

/** An optional text field: blank is null (cleared), left out keeps the stored value. */
export const blankToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v), schema.nullish());

export const stationProfileInputSchema = z
  .object({
    name: z.string({ error: 'Station name is required' }).trim().min(1, 'Station name is required').max(200, 'Station name must be at most 200 characters'),
    address: text('Address', 500),
    phone: text('Phone', 50),
    email: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || z.email().safeParse(v).success, 'E-mail must be a valid e-mail address'),
    remit_to: text('Remit-to', 500),
    tax_id: text('Tax id', 50),
    logo: z
      .string()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(v), 'Logo must be a PNG or JPEG image')
      .refine((v) => v === null || v.length <= MAX_LOGO_CHARS, 'Logo must be under 200 KB'),
    /** Master control (decision 028): left out, the stored setting stays. */
    frame_rate: z
      .number({ error: FRAME_RATE_MESSAGE })
      .refine((v) => (FRAME_RATES as readonly number[]).includes(v), FRAME_RATE_MESSAGE)
      .optional(),
    drop_frame: z.boolean({ error: 'Drop frame must be true or false' }).optional(),
    date_order: z.enum(DATE_ORDERS, { error: 'Date order must be MDY or DMY' }).optional(),
    /** The station's identity for AdCP buyers (/.well-known/adagents.json, decision 035): left out, the stored value stays. */
    call_letters: blankToNull(callLetters),
    fcc_facility_id: blankToNull(z.string({ error: 'FCC facility id must be text' }).regex(/^\d{1,7}$/, 'FCC facility id must be 1 to 7 digits')),
    agent_url: blankToNull(
      z
        .string({ error: 'Agent URL must be text' })
        .max(500, 'Agent URL must be at most 500 characters')
        .refine((v) => /^https?:\/\/[^\s/]+(\/\S*)?$/.test(v), 'Agent URL must be an http or https address'),
    ),
    /** Decision 034: left out, the stored setting stays. */
    require_ad_id: z.boolean({ error: 'Require Ad-ID must be true or false' }).optional(),
    /** Decision 058: left out, the stored setting stays. */
    auto_offer_makegoods: z.boolean({ error: 'Offer makegoods automatically must be true or false' }).optional(),
    /** Decision 059: minutes by product category (0..240; one left out: 15); the whole map is replaced. Left out, the stored one stays. */
    product_separations: productSeparationsInputSchema.optional(),
    /** Issue 44: left out, the stored setting stays. */
    paper_size: z.enum(PAPER_SIZES, { error: 'Paper size must be letter or a4' }).optional(),
    /** Issue 44: left out, the stored prefixes stay. */
    station_material_prefixes: z
      .array(
        z
          .string({ error: 'Each station material prefix must be text' })
          .trim()
          .regex(/^[A-Za-z0-9_.:/-]{1,16}$/, 'Each station material prefix must be 1 to 16 letters, digits or _ . : / -'),
        { error: 'Station material prefixes must be a list' },
      )
      .max(50, 'At most 50 station material prefixes')
      .optional(),
  })
  .strict();
export type StationProfileInput = z.infer<typeof stationProfileInputSchema>;

export const stationProfileSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  remit_to: z.string().nullable(),
  tax_id: z.string().nullable(),
  logo: z.string().nullable(),
  frame_rate: z.number(),
  drop_frame: z.boolean(),
  date_order: z.enum(DATE_ORDERS),
  call_letters: z.string().nullable(),
  fcc_facility_id: z.string().nullable(),
  /** Where AdCP buyers reach the station's agent (its /mcp); unset, the app's own address. */
  agent_url: z.string().nullable(),
  require_ad_id: z.boolean(),
  /** Missed spots are offered makegoods at once; off (the default), the traffic desk offers them (decision 058). */
  auto_offer_makegoods: z.boolean(),
  /** Minutes between two brands of one product category on the log, for every category (decision 059). */
  product_separations: z.record(z.string(), z.number().int()),
  /** The paper the station's documents are printed on: US Letter (the default) or A4 (issue 44). */
  paper_size: z.enum(PAPER_SIZES),
  /** House-code prefixes of the station's own material (PSA, promo, ID): as-run rows with them are skipped, not unmatched (issue 44). */
  station_material_prefixes: z.array(z.string()),
  time_zone: z.string(),
  updated_at: z.string(),
});
export type StationProfile = z.infer<typeof stationProfileSchema>;

export const stationClockSchema = z.object({
  time_zone: z.string(),
  today: z.string(),
  now: z.string(),
  traffic_horizon_days: z.number().int(),
  /** The station runs with demo data (SPOTBOOK_DEMO): only then does the Demo airing exist (decision 031). */
  demo: z.boolean(),
});
