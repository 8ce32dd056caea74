import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InvoicePreview } from '../../domain/invoice-preview-schemas';
import { apiRequest } from './client';

export interface InvoicePreviewRequest {
  estimateId: string;
  /** A fraction (0.0825 for 8.25 %). */
  taxRate: number;
  discountAmount: number;
}

export const fetchInvoicePreview = ({ estimateId, taxRate, discountAmount }: InvoicePreviewRequest, signal?: AbortSignal) => {
  const query = new URLSearchParams({ estimate_id: estimateId, tax_rate: String(taxRate), discount_amount: String(discountAmount) });
  return apiRequest<InvoicePreview>(`/billing/preview?${query.toString()}`, { signal });
};

/** Create Invoice's total before it exists (decision 019); null asks for nothing. */
export const useInvoicePreview = (request: InvoicePreviewRequest | null) =>
  useQuery({
    queryKey: ['billing', 'preview', request] as const,
    queryFn: ({ signal }) => fetchInvoicePreview(request!, signal),
    enabled: request !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
