/** The advertiser's own invoices and credit notes (read-only, /api/my). */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { downloadFile } from './pdf-download';
import { api, fileUrl, type ReplyOf } from './typed';

export type MyInvoicesReply = ReplyOf<'/api/my/invoices', 'get'>;
type MyInvoice = MyInvoicesReply['invoices'][number];
type MyCreditNote = MyInvoicesReply['credit_notes'][number];

export const myBillingKeys = {
  all: ['my-billing'] as const,
  list: (page: number, limit: number) => ['my-billing', 'list', page, limit] as const,
};

export const fetchMyInvoices = (page: number, limit: number, signal?: AbortSignal) => api.get('/api/my/invoices', { query: { page, limit }, signal });
export const downloadMyInvoicePdf = (invoice: Pick<MyInvoice, 'id' | 'invoice_number'>) =>
  downloadFile(fileUrl('/api/my/invoices/{id}/pdf', { path: { id: invoice.id } }), `invoice-${invoice.invoice_number}.pdf`);
export const downloadMyCreditNotePdf = (note: Pick<MyCreditNote, 'id' | 'credit_number'>) =>
  downloadFile(fileUrl('/api/my/credit-notes/{id}/pdf', { path: { id: note.id } }), `credit-note-${note.credit_number}.pdf`);

export const useMyInvoices = (page: number, limit: number) =>
  useQuery({ queryKey: myBillingKeys.list(page, limit), queryFn: ({ signal }) => fetchMyInvoices(page, limit, signal), placeholderData: keepPreviousData });
export const useDownloadMyInvoicePdf = () => useMutation({ mutationFn: downloadMyInvoicePdf });
export const useDownloadMyCreditNotePdf = () => useMutation({ mutationFn: downloadMyCreditNotePdf });
