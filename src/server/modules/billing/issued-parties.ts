/**
 * The parties of an issued invoice, frozen (issue 30, finding 4; decision 029): when an invoice leaves
 * draft (sent, or a first payment), the station as its profile then read (letterhead, remit-to, contact)
 * and the party billed (brand legal name and address, person, e-mail) are stored on it. Its PDF, any
 * resend and its credit notes print those from then on; a later profile or brand change reaches only
 * invoices issued after it. A draft follows the live profile.
 */
import { eq } from 'drizzle-orm';
import type { InvoiceDetail } from '../../../domain/billing-schemas';
import { invoices } from '../../db/schema';
import type { Tx } from '../../platform/db';
import type { StationIssuer } from '../station/letterhead';
import { getStationProfile } from '../station/service';
import { documentChannel } from '../channels/public';
import { ordersView } from '../orders/views';

export type BilledParty = Pick<InvoiceDetail, 'customer_name' | 'customer_email' | 'brand_name' | 'brand_legal_name' | 'brand_address'> &
  Partial<Pick<InvoiceDetail, 'customer_contact'>>;
export interface IssuedParties {
  station: StationIssuer;
  billed: BilledParty;
}

const issuerOfProfile = ({ name, address, phone, email, remit_to, tax_id, logo }: StationIssuer): StationIssuer => ({
  name,
  address,
  phone,
  email,
  remit_to,
  tax_id,
  logo,
});

/** Stores the parties on an invoice that has none yet (the caller holds its row lock, in the issuing transaction). */
export const freezeIssuedParties = async (tx: Tx, invoiceId: string, billed: BilledParty) => {
  const parties: IssuedParties = {
    station: { ...issuerOfProfile(await getStationProfile(tx)), channel: await invoiceChannel(tx, invoiceId) },
    billed: {
      customer_name: billed.customer_name,
      customer_email: billed.customer_email,
      customer_contact: billed.customer_contact ?? null,
      brand_name: billed.brand_name,
      brand_legal_name: billed.brand_legal_name,
      brand_address: billed.brand_address,
    },
  };
  const [row] = await tx.select({ parties: invoices.issuedParties }).from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (row && row.parties == null) await tx.update(invoices).set({ issuedParties: parties }).where(eq(invoices.id, invoiceId));
};

export const issuedPartiesOf = async (db: Tx, invoiceId: string): Promise<IssuedParties | null> => {
  const [row] = await db.select({ parties: invoices.issuedParties }).from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  return (row?.parties as IssuedParties | null | undefined) ?? null;
};

/** The channel of the invoice's order, as documents name it (decision 053); null while the station has one. */
const invoiceChannel = async (db: Tx, invoiceId: string): Promise<string | null> => {
  const [row] = await db
    .select({ channelId: ordersView.channelId })
    .from(invoices)
    .innerJoin(ordersView, eq(ordersView.id, invoices.estimateId))
    .where(eq(invoices.id, invoiceId))
    .limit(1);
  return row ? ((await documentChannel(db, row.channelId))?.label ?? null) : null;
};

/**
 * Who issues the invoice on paper: the station as frozen when it was issued, else (a draft) the profile
 * now; the channel line as frozen, else (issued before channels, or a draft) the order's channel now.
 */
export const issuerOf = async (db: Tx, invoiceId: string): Promise<StationIssuer> => {
  const live = await getStationProfile(db);
  // The paper is the station's now: how it prints, not what the invoice says (issue 44).
  const station: StationIssuer = { ...((await issuedPartiesOf(db, invoiceId))?.station ?? live), paper_size: live.paper_size };
  return station.channel === undefined ? { ...station, channel: await invoiceChannel(db, invoiceId) } : station;
};
