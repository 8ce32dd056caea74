/** Importing an agency order (AAAA Proposal XML, decision 056): the file is sent as the As-run screen sends its own. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sendForm } from './client';
import { api, urlFor, type BodyOf, type ReplyOf } from './typed';
import { estimateKeys } from './estimates';
import type { paths } from './schema';

export type ProposalImportReply = ReplyOf<'/api/estimates/import', 'post'>;

/** Sends the file; on success the order lists are read again. */
export const useImportProposal = () => {
  const queryClient = useQueryClient();
  return async (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const reply = await sendForm<ProposalImportReply>(urlFor('/api/estimates/import' satisfies keyof paths), form);
    void queryClient.invalidateQueries({ queryKey: ['estimates'] });
    return reply;
  };
};

/** An order's weekly schedule (decision 056); `{ schedule: null }` for an order of daypart items. Read once, never retried: the grid is an aside. */
export const useOrderSchedule = (estimateId: string) =>
  useQuery({
    queryKey: ['schedule', estimateId] as const,
    queryFn: ({ signal }) => api.get('/api/estimates/{id}/schedule', { path: { id: estimateId }, signal }),
    retry: false,
    staleTime: 30_000,
  });

export type ScheduleBody = BodyOf<'/api/estimates/{id}/schedule', 'put'>;

/**
 * Saves the week grid (decisions 056 and 064): a draft's schedule is replaced; a submitted or booked order's
 * change is sent as a revision for the desk to approve. The order and its schedule are read again.
 */
export const useSaveScheduleWeeks = (estimateId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, asRevision }: { body: ScheduleBody; asRevision: boolean }) =>
      asRevision
        ? (await api.post('/api/estimates/{id}/schedule/revisions', { path: { id: estimateId }, body })).message
        : (await api.put('/api/estimates/{id}/schedule', { path: { id: estimateId }, body }), 'Weekly schedule saved'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['schedule', estimateId] });
      void queryClient.invalidateQueries({ queryKey: estimateKeys.all });
    },
  });
};
