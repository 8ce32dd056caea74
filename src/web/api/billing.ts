import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile } from './pdf-download';
import { api, fileUrl, type BodyOf, type QueryOf, type ReplyOf } from './typed';

export type InvoiceListFilter = QueryOf<'/api/billing', 'get'>;
type Invoice = ReplyOf<'/api/billing/{id}', 'get'>;
export type CreateInvoiceBody = BodyOf<'/api/billing/from-estimate/{id}', 'post'>;
export type PaymentBody = BodyOf<'/api/billing/{id}/payments', 'post'>;
export type SendInvoiceBody = BodyOf<'/api/billing/{id}/send', 'post'>;

export const billingKeys = {
  all: ['billing'] as const,
  list: (filter: InvoiceListFilter = {}) => ['billing', 'list', filter] as const,
  detail: (id: string) => ['billing', 'detail', id] as const,
  analytics: (timeframe: number) => ['billing', 'analytics', timeframe] as const,
  invoiceable: ['billing', 'invoiceable-orders'] as const,
};

/** The filters' text is trimmed; an empty one is left out. */
const listQuery = (filter: InvoiceListFilter): InvoiceListFilter =>
  Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, typeof value === 'string' ? value.trim() || undefined : value])) as InvoiceListFilter;

export const fetchInvoices = (filter: InvoiceListFilter = {}, signal?: AbortSignal) => api.get('/api/billing', { query: listQuery(filter), signal });
export const fetchInvoice = (id: string, signal?: AbortSignal) => api.get('/api/billing/{id}', { path: { id }, signal });
export const fetchBillingAnalytics = (timeframe: number, signal?: AbortSignal) => api.get('/api/billing/analytics/overview', { query: { timeframe }, signal });
export const fetchInvoiceableOrders = (signal?: AbortSignal) => api.get('/api/billing/invoiceable-orders', { signal });
export const createInvoice = (estimateId: string, body: CreateInvoiceBody) => api.post('/api/billing/from-estimate/{id}', { path: { id: estimateId }, body });
export const recordPayment = (id: string, body: PaymentBody) => api.post('/api/billing/{id}/payments', { path: { id }, body });
export const sendInvoice = (id: string, body: SendInvoiceBody) => api.post('/api/billing/{id}/send', { path: { id }, body });

/** Fetches the invoice PDF with the bearer token and saves it; fails with 'HTTP {status}' (or 'Network error'). */
export const downloadInvoicePdf = (invoice: Pick<Invoice, 'id' | 'invoice_number'>): Promise<void> =>
  downloadFile(fileUrl('/api/billing/{id}/pdf', { path: { id: invoice.id } }), `invoice-${invoice.invoice_number}.pdf`);

/** The invoice as the 4A's electronic invoice (EI) file (issue 27). */
export const downloadInvoiceEi = (invoice: Pick<Invoice, 'id' | 'invoice_number'>) =>
  downloadFile(fileUrl('/api/billing/{id}/ei', { path: { id: invoice.id } }), `ei-${invoice.invoice_number}.txt`);
/** Every issued invoice of a broadcast month (YYYY-MM) as one EI transmission. */
export const downloadMonthEi = (month: string) => downloadFile(fileUrl('/api/billing/ei', { query: { month } }), `ei-${month}.txt`);

/** The list keeps showing the previous page while the next one loads. */
export const useInvoices = (filter: InvoiceListFilter = {}) =>
  useQuery({ queryKey: billingKeys.list(filter), queryFn: ({ signal }) => fetchInvoices(filter, signal), placeholderData: keepPreviousData });
export const useInvoice = (id: string) =>
  useQuery({ queryKey: billingKeys.detail(id), queryFn: ({ signal }) => fetchInvoice(id, signal), enabled: Boolean(id) });
/** The orders Create Invoice can bill (decision 033): refreshed with every billing change, and on each opening. */
export const useInvoiceableOrders = () =>
  useQuery({ queryKey: billingKeys.invoiceable, queryFn: ({ signal }) => fetchInvoiceableOrders(signal), staleTime: 0 });
export const useBillingAnalytics = (timeframe: number) =>
  useQuery({ queryKey: billingKeys.analytics(timeframe), queryFn: ({ signal }) => fetchBillingAnalytics(timeframe, signal) });

/** A billing change refreshes every billing query (lists, analytics, details). */
const useBillingMutation = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }) });
};

export const useCreateInvoice = () =>
  useBillingMutation(({ estimateId, body }: { estimateId: string; body: CreateInvoiceBody }) => createInvoice(estimateId, body));
export const useRecordPayment = () => useBillingMutation(({ id, body }: { id: string; body: PaymentBody }) => recordPayment(id, body));
export const useSendInvoice = () => useBillingMutation(({ id, body }: { id: string; body: SendInvoiceBody }) => sendInvoice(id, body));
export const useDownloadInvoicePdf = () => useMutation({ mutationFn: downloadInvoicePdf });
