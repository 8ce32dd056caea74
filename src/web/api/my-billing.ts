/** The advertiser's own invoices and credit notes (read-only, /api/my). */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { CreditNote } from '../../domain/billing-corrections';
import type { Invoice, InvoiceListReply } from '../../domain/billing-schemas';
import { apiRequest } from './client';
import { downloadFile } from './pdf-download';

export type MyInvoicesReply = InvoiceListReply & { credit_notes: CreditNote[] };

export const myBillingKeys = {
  all: ['my-billing'] as const,
  list: (page: number, limit: number) => ['my-billing', 'list', page, limit] as const,
};

export const fetchMyInvoices = (page: number, limit: number, signal?: AbortSignal) => apiRequest<MyInvoicesReply>(`/my/invoices?page=${page}&limit=${limit}`, { signal });
export const downloadMyInvoicePdf = (invoice: Pick<Invoice, 'id' | 'invoice_number'>) =>
  downloadFile(`/my/invoices/${encodeURIComponent(invoice.id)}/pdf`, `invoice-${invoice.invoice_number}.pdf`);
export const downloadMyCreditNotePdf = (note: Pick<CreditNote, 'id' | 'credit_number'>) =>
  downloadFile(`/my/credit-notes/${encodeURIComponent(note.id)}/pdf`, `credit-note-${note.credit_number}.pdf`);

export const useMyInvoices = (page: number, limit: number) =>
  useQuery({ queryKey: myBillingKeys.list(page, limit), queryFn: ({ signal }) => fetchMyInvoices(page, limit, signal), placeholderData: keepPreviousData });
export const useDownloadMyInvoicePdf = () => useMutation({ mutationFn: downloadMyInvoicePdf });
export const useDownloadMyCreditNotePdf = () => useMutation({ mutationFn: downloadMyCreditNotePdf });
