/**
 * The agency's own codes on an order (issue 27, decision 034): its estimate number, client and
 * product codes and purchase order number, as its buying system (Mediaocean Spectra, FreeWheel
 * Strata) knows them. Optional; trimmed; letters, digits, spaces and `- / . _ #`; length-capped to
 * what the 4A's EI file carries. Shared by the web app's orders, the machine API and AdCP.
 */
import { z } from 'zod';

export const AGENCY_CODE_LIMITS = {
  agency_estimate_number: 20,
  client_code: 8,
  product_code: 8,
  po_number: 20,
} as const;
export type AgencyCodeField = keyof typeof AGENCY_CODE_LIMITS;
export const AGENCY_CODE_FIELDS = Object.keys(AGENCY_CODE_LIMITS) as AgencyCodeField[];

export const AGENCY_CODE_LABELS: Record<AgencyCodeField, string> = {
  agency_estimate_number: 'Agency estimate number',
  client_code: 'Client code',
  product_code: 'Product code',
  po_number: 'PO number',
};

const ALLOWED = /^[A-Za-z0-9 \-/._#]*$/;

/** One code: blank or null clears it; otherwise trimmed, capped and of the allowed characters. */
export const agencyCodeField = (field: AgencyCodeField) => {
  const label = AGENCY_CODE_LABELS[field];
  const max = AGENCY_CODE_LIMITS[field];
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(ALLOWED, `${label} may contain only letters, digits, spaces and - / . _ #`)
    .transform((v) => v || null)
    .nullish();
};

/** The four codes as optional fields of an order's create or update body. */
export const agencyCodesShape = {
  agency_estimate_number: agencyCodeField('agency_estimate_number'),
  client_code: agencyCodeField('client_code'),
  product_code: agencyCodeField('product_code'),
  po_number: agencyCodeField('po_number'),
};

/** The codes as an order reply shows them. */
export const agencyCodesReplyShape = {
  agency_estimate_number: z.string().nullable(),
  client_code: z.string().nullable(),
  product_code: z.string().nullable(),
  po_number: z.string().nullable(),
};

export interface AgencyCodes {
  agencyEstimateNumber: string | null;
  clientCode: string | null;
  productCode: string | null;
  poNumber: string | null;
}

/** The codes that are set, labelled, in a fixed order: for documents (invoice, credit note, affidavit). */
export const agencyCodeLines = (codes: Partial<AgencyCodes>): { label: string; value: string }[] => {
  const entries: [string, string | null | undefined][] = [
    ['Agency estimate', codes.agencyEstimateNumber],
    ['Client code', codes.clientCode],
    ['Product code', codes.productCode],
    ['PO number', codes.poNumber],
  ];
  return entries.flatMap(([label, value]) => (value ? [{ label, value }] : []));
};
