/** Admin invoice corrections (decision 013): void, credit notes and their PDFs, receivables ageing. */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys } from './billing';
import { downloadFile } from './pdf-download';
import { api, fileUrl, type BodyOf, type ReplyOf } from './typed';

export type VoidInvoiceBody = BodyOf<'/api/billing/{id}/void', 'post'>;
export type CreditNoteBody = BodyOf<'/api/billing/{id}/credit-notes', 'post'>;
type CreditNote = ReplyOf<'/api/billing/{id}/credit-notes', 'post'>['credit_note'];

export const voidInvoice = (id: string, body: VoidInvoiceBody) => api.post('/api/billing/{id}/void', { path: { id }, body });
export const issueCreditNote = (id: string, body: CreditNoteBody) => api.post('/api/billing/{id}/credit-notes', { path: { id }, body });
/** Advertisers per page of the Ageing screen (the list's order; the totals are everyone's on every page). */
export const AGEING_SCREEN_PAGE = 100;
export const fetchAgeingPage = (offset: number, signal?: AbortSignal) =>
  api.get('/api/billing/ageing', { query: { limit: AGEING_SCREEN_PAGE, offset }, signal });

export const downloadCreditNotePdf = (note: Pick<CreditNote, 'id' | 'credit_number'>) =>
  downloadFile(fileUrl('/api/billing/credit-notes/{id}/pdf', { path: { id: note.id } }), `credit-note-${note.credit_number}.pdf`);
export const downloadAgeingCsv = () => downloadFile(fileUrl('/api/billing/ageing/export'), `receivables-ageing.csv`);

export const ageingKey = [...billingKeys.all, 'ageing'] as const;
/** The Ageing screen's list by pages (issue 28: no screen waits on every advertiser), largest balance first. */
export const useAgeingPages = () =>
  useInfiniteQuery({
    queryKey: ageingKey,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => fetchAgeingPage(pageParam, signal),
    getNextPageParam: (last) => {
      const next = (last.pagination?.offset ?? 0) + (last.pagination?.limit ?? AGEING_SCREEN_PAGE);
      return last.pagination && next < last.pagination.total ? next : undefined;
    },
  });

/** A correction refreshes every billing query (lists, details, analytics, ageing). */
const useCorrection = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }) });
};
export const useVoidInvoice = () => useCorrection(({ id, body }: { id: string; body: VoidInvoiceBody }) => voidInvoice(id, body));
export const useIssueCreditNote = () => useCorrection(({ id, body }: { id: string; body: CreditNoteBody }) => issueCreditNote(id, body));
export const useDownloadCreditNotePdf = () => useMutation({ mutationFn: downloadCreditNotePdf });
export const useDownloadAgeingCsv = () => useMutation({ mutationFn: downloadAgeingCsv });
