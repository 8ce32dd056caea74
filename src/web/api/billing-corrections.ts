/** Admin invoice corrections (decision 013): void, credit notes and their PDFs, receivables ageing. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgeingReply, CreditNote, CreditNoteInput, VoidInvoiceInput } from '../../domain/billing-corrections';
import type { Invoice } from '../../domain/billing-schemas';
import { billingKeys } from './billing';
import { apiRequest } from './client';
import { downloadFile } from './pdf-download';

const invoicePath = (id: string) => `/billing/${encodeURIComponent(id)}`;

export const voidInvoice = (id: string, body: VoidInvoiceInput) => apiRequest<{ message: string; invoice: Invoice }>(`${invoicePath(id)}/void`, { method: 'POST', body });
export const issueCreditNote = (id: string, body: CreditNoteInput) =>
  apiRequest<{ message: string; credit_note: CreditNote; invoice: Invoice }>(`${invoicePath(id)}/credit-notes`, { method: 'POST', body });
export const fetchAgeing = (signal?: AbortSignal) => apiRequest<AgeingReply>('/billing/ageing', { signal });

export const downloadCreditNotePdf = (note: Pick<CreditNote, 'id' | 'credit_number'>) =>
  downloadFile(`/billing/credit-notes/${encodeURIComponent(note.id)}/pdf`, `credit-note-${note.credit_number}.pdf`);
export const downloadAgeingCsv = () => downloadFile('/billing/ageing/export', `receivables-ageing.csv`);

export const ageingKey = [...billingKeys.all, 'ageing'] as const;
export const useAgeing = () => useQuery({ queryKey: ageingKey, queryFn: ({ signal }) => fetchAgeing(signal) });

/** A correction refreshes every billing query (lists, details, analytics, ageing). */
const useCorrection = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }) });
};
export const useVoidInvoice = () => useCorrection(({ id, body }: { id: string; body: VoidInvoiceInput }) => voidInvoice(id, body));
export const useIssueCreditNote = () => useCorrection(({ id, body }: { id: string; body: CreditNoteInput }) => issueCreditNote(id, body));
export const useDownloadCreditNotePdf = () => useMutation({ mutationFn: downloadCreditNotePdf });
export const useDownloadAgeingCsv = () => useMutation({ mutationFn: downloadAgeingCsv });
