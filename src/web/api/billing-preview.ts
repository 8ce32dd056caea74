import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from './typed';

export interface InvoicePreviewRequest {
  estimateId: string;
  /** A fraction (0.0825 for 8.25 %). */
  taxRate: number;
  discountAmount: number;
}

export const fetchInvoicePreview = ({ estimateId, taxRate, discountAmount }: InvoicePreviewRequest, signal?: AbortSignal) =>
  api.get('/api/billing/preview', { query: { estimate_id: estimateId, tax_rate: taxRate, discount_amount: discountAmount }, signal });

/** Create Invoice's total before it exists (decision 019); null asks for nothing. */
export const useInvoicePreview = (request: InvoicePreviewRequest | null) =>
  useQuery({
    queryKey: ['billing', 'preview', request] as const,
    queryFn: ({ signal }) => fetchInvoicePreview(request!, signal),
    enabled: request !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
