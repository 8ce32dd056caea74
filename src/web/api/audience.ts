import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile, sendForm } from './client';
import { api, fileUrl, urlFor, type ReplyOf } from './typed';
import type { paths } from './schema';
import { estimateKeys } from './estimates';

export const audienceKeys = {
  books: ['books'] as const,
  ratings: (channelId: string | null, demo: string) => ['book-ratings', channelId, demo] as const,
  order: (id: string) => ['audience', id] as const,
  postBuys: ['post-buy'] as const,
  postBuy: (id: string) => ['post-buy', id] as const,
};

/** The order's audience on its target demo (issue 43); read once, never retried: the card is an aside. */
export const useOrderAudience = (estimateId: string) =>
  useQuery({
    queryKey: audienceKeys.order(estimateId),
    queryFn: ({ signal }) => api.get('/api/estimates/{id}/audience', { path: { id: estimateId }, query: {}, signal }),
    retry: false,
    staleTime: 30_000,
  });

/** A channel's current book on one demo, per daypart (the order form's live GRPs and CPP); off without a demo. */
export const useBookRatings = (channelId: string | null, demo: string | null) =>
  useQuery({
    enabled: demo !== null,
    queryKey: audienceKeys.ratings(channelId, demo ?? ''),
    queryFn: ({ signal }) => api.get('/api/book-ratings', { query: { demo: demo!, ...(channelId && { channel_id: channelId }) }, signal }),
    retry: false,
    staleTime: 60_000,
  });

export const usePostBuy = (estimateId: string, enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: audienceKeys.postBuy(estimateId),
    queryFn: ({ signal }) => api.get('/api/estimates/{id}/post-buy', { path: { id: estimateId }, query: {}, signal }),
    retry: false,
    staleTime: 30_000,
  });

export const downloadPostBuy = (estimateId: string) =>
  downloadFile(fileUrl('/api/estimates/{id}/post-buy.csv', { path: { id: estimateId }, query: {} }), {
    accept: 'text/csv',
    fallbackName: `post-buy-${estimateId.slice(0, 8)}.csv`,
  });

export const downloadPostBuyPdf = (estimateId: string) =>
  downloadFile(fileUrl('/api/estimates/{id}/post-buy.pdf', { path: { id: estimateId }, query: {} }), {
    accept: 'application/pdf',
    fallbackName: `post-buy-${estimateId.slice(0, 8)}.pdf`,
  });

export const downloadOrderPdf = (estimateId: string) =>
  downloadFile(fileUrl('/api/estimates/{id}/order.pdf', { path: { id: estimateId }, query: {} }), {
    accept: 'application/pdf',
    fallbackName: `order-${estimateId.slice(0, 8)}.pdf`,
  });

export const useBooks = () => useQuery({ queryKey: audienceKeys.books, queryFn: ({ signal }) => api.get('/api/books', { query: {}, signal }) });

export interface BookUpload {
  name: string;
  ratingService: string;
  surveyPeriod: string;
  geography: string;
  channelId?: string;
  file: File;
}

/** Sends a book's CSV; the fields go before the file (the server reads them first). */
export const useImportBook = () => {
  const queryClient = useQueryClient();
  return async (upload: BookUpload) => {
    const form = new FormData();
    form.append('name', upload.name);
    form.append('rating_service', upload.ratingService);
    form.append('survey_period', upload.surveyPeriod);
    if (upload.geography.trim()) form.append('geography', upload.geography);
    if (upload.channelId) form.append('channel_id', upload.channelId);
    form.append('file', upload.file, upload.file.name);
    const book = await sendForm<ReplyOf<'/api/books', 'post'>>(urlFor('/api/books' satisfies keyof paths), form);
    void queryClient.invalidateQueries({ queryKey: audienceKeys.books });
    return book;
  };
};

export const useMakeBookCurrent = () => {
  const queryClient = useQueryClient();
  return async (id: string) => {
    const book = await api.patch('/api/books/{id}', { path: { id }, body: { is_current: true } });
    void queryClient.invalidateQueries({ queryKey: audienceKeys.books });
    return book;
  };
};

/** Offers the ADUs a guaranteed order is owed (admins); its offers and post-buy refresh. */
export const useOfferAdus = (estimateId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/estimates/{id}/adus', { path: { id: estimateId } }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: estimateKeys.all }), queryClient.invalidateQueries({ queryKey: audienceKeys.postBuys })]),
  });
};
