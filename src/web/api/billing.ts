import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingAnalytics, CreateInvoiceInput, Invoice, InvoiceDetail, InvoiceListFilter, InvoiceListReply, InvoicePayment, PaymentInput, SendInvoiceInput } from '../../domain/billing-schemas';
import type { Estimate } from '../../domain/estimate-schemas';
import { apiRequest } from './client';
import { downloadFile } from './pdf-download';

export const billingKeys = {
  all: ['billing'] as const,
  list: (filter: InvoiceListFilter = {}) => ['billing', 'list', filter] as const,
  detail: (id: string) => ['billing', 'detail', id] as const,
  analytics: (timeframe: number) => ['billing', 'analytics', timeframe] as const,
  invoiceable: ['billing', 'invoiceable-orders'] as const,
};

const listQuery = (filter: InvoiceListFilter): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') params.set(key, String(value).trim());
  }
  const query = params.toString();
  return query ? `?${query}` : '';
};

const invoicePath = (id: string) => `/billing/${encodeURIComponent(id)}`;

export const fetchInvoices = (filter: InvoiceListFilter = {}, signal?: AbortSignal) => apiRequest<InvoiceListReply>(`/billing${listQuery(filter)}`, { signal });
export const fetchInvoice = (id: string, signal?: AbortSignal) => apiRequest<InvoiceDetail>(invoicePath(id), { signal });
export const fetchBillingAnalytics = (timeframe: number, signal?: AbortSignal) =>
  apiRequest<BillingAnalytics>(`/billing/analytics/overview?timeframe=${timeframe}`, { signal });
export const createInvoice = (estimateId: string, body: CreateInvoiceInput) =>
  apiRequest<Invoice>(`/billing/from-estimate/${encodeURIComponent(estimateId)}`, { method: 'POST', body });
export const recordPayment = (id: string, body: PaymentInput) => apiRequest<{ invoice: Invoice; payment: InvoicePayment }>(`${invoicePath(id)}/payments`, { method: 'POST', body });
export const sendInvoice = (id: string, body: SendInvoiceInput) => apiRequest<{ message: string; invoice: Invoice }>(`${invoicePath(id)}/send`, { method: 'POST', body });

/** Fetches the invoice PDF with the bearer token and saves it; fails with 'HTTP {status}' (or 'Network error'). */
export const downloadInvoicePdf = (invoice: Pick<Invoice, 'id' | 'invoice_number'>): Promise<void> => downloadFile(`${invoicePath(invoice.id)}/pdf`, `invoice-${invoice.invoice_number}.pdf`);

/** The invoice as the 4A's electronic invoice (EI) file (issue 27). */
export const downloadInvoiceEi = (invoice: Pick<Invoice, 'id' | 'invoice_number'>) => downloadFile(`${invoicePath(invoice.id)}/ei`, `ei-${invoice.invoice_number}.txt`);
/** Every issued invoice of a broadcast month (YYYY-MM) as one EI transmission. */
export const downloadMonthEi = (month: string) => downloadFile(`/billing/ei?month=${encodeURIComponent(month)}`, `ei-${month}.txt`);

/** The list keeps showing the previous page while the next one loads. */
export const useInvoices = (filter: InvoiceListFilter = {}) =>
  useQuery({ queryKey: billingKeys.list(filter), queryFn: ({ signal }) => fetchInvoices(filter, signal), placeholderData: keepPreviousData });
export const useInvoice = (id: string) => useQuery({ queryKey: billingKeys.detail(id), queryFn: ({ signal }) => fetchInvoice(id, signal), enabled: Boolean(id) });
/** The orders Create Invoice can bill (decision 033): refreshed with every billing change, and on each opening. */
export const useInvoiceableOrders = () =>
  useQuery({ queryKey: billingKeys.invoiceable, queryFn: ({ signal }) => apiRequest<Estimate[]>('/billing/invoiceable-orders', { signal }), staleTime: 0 });
export const useBillingAnalytics = (timeframe: number) =>
  useQuery({ queryKey: billingKeys.analytics(timeframe), queryFn: ({ signal }) => fetchBillingAnalytics(timeframe, signal) });

/** A billing change refreshes every billing query (lists, analytics, details). */
const useBillingMutation = <TArgs, TResult>(mutationFn: (args: TArgs) => Promise<TResult>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }) });
};

export const useCreateInvoice = () => useBillingMutation(({ estimateId, body }: { estimateId: string; body: CreateInvoiceInput }) => createInvoice(estimateId, body));
export const useRecordPayment = () => useBillingMutation(({ id, body }: { id: string; body: PaymentInput }) => recordPayment(id, body));
export const useSendInvoice = () => useBillingMutation(({ id, body }: { id: string; body: SendInvoiceInput }) => sendInvoice(id, body));
export const useDownloadInvoicePdf = () => useMutation({ mutationFn: downloadInvoicePdf });
