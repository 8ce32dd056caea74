/** The invoice PDF as an e-mail attachment: the same document GET /billing/:id/pdf streams, collected in memory. */
import type { InvoiceDetail } from '../../../domain/billing-schemas';
import type { MailAttachment } from '../../platform/mail';
import type { StationIssuer } from '../station/letterhead';
import { invoicePdfFilename, renderInvoicePdf } from './pdf';

export const invoicePdfAttachment = async ({
  invoice,
  station,
  timeZone,
}: {
  invoice: InvoiceDetail;
  station: StationIssuer;
  timeZone: string;
}): Promise<MailAttachment> => {
  const doc = renderInvoicePdf({ invoice, station, timeZone });
  const chunks: Buffer[] = [];
  for await (const chunk of doc) chunks.push(chunk as Buffer);
  return { filename: invoicePdfFilename(invoice), contentType: 'application/pdf', content: Buffer.concat(chunks) };
};
