/** Admin invoice corrections (decision 013): void, credit notes and their PDFs, receivables ageing. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from './billing';
import { downloadFile } from './pdf-download';
import { api, fileUrl, type BodyOf, type ReplyOf } from './typed';

export type VoidInvoiceBody = BodyOf<'/api/billing/{id}/void', 'post'>;
export type CreditNoteBody = BodyOf<'/api/billing/{id}/credit-notes', 'post'>;
type CreditNote = ReplyOf<'/api/billing/{id}/credit-notes', 'post'>['credit_note'];

export const voidInvoice = (id: string, body: VoidInvoiceBody) => api.post('/api/billing/{id}/void', { path: { id }, body });
export const issueCreditNote = (id: string, body: CreditNoteBody) => api.post('/api/billing/{id}/credit-notes', { path: { id }, body });
export const fetchAgeing = (signal?: AbortSignal) => api.get('/api/billing/ageing', { signal });

export const downloadCreditNotePdf = (note: Pick<CreditNote, 'id' | 'credit_number'>) =>
  downloadFile(fileUrl('/api/billing/credit-notes/{id}/pdf', { path: { id: note.id } }), `credit-note-${note.credit_number}.pdf`);
export const downloadAgeingCsv = () => downloadFile(fileUrl('/api/billing/ageing/export'), `receivables-ageing.csv`);

export const ageingKey = [...billingKeys.all, 'ageing'] as const;
export const useAgeing = () => useQuery({ queryKey: ageingKey, queryFn: ({ signal }) => fetchAgeing(signal) });

/** A correction refreshes every billing query (lists, details, analytics, ageing). */
const useCorrection = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }) });
};
export const useVoidInvoice = () => useCorrection(({ id, body }: { id: string; body: VoidInvoiceBody }) => voidInvoice(id, body));
export const useIssueCreditNote = () => useCorrection(({ id, body }: { id: string; body: CreditNoteBody }) => issueCreditNote(id, body));
export const useDownloadCreditNotePdf = () => useMutation({ mutationFn: downloadCreditNotePdf });
export const useDownloadAgeingCsv = () => useMutation({ mutationFn: downloadAgeingCsv });
