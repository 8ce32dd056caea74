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

/** Under the order's keys: an estimate_updated event (a revision proposed or decided elsewhere) refreshes them. */
export const scheduleKeys = {
  schedule: (estimateId: string) => [...estimateKeys.all, 'schedule', estimateId] as const,
  revisions: (estimateId: string) => [...estimateKeys.all, 'schedule-revisions', estimateId] as const,
};

/** An order's weekly schedule (decision 056); `{ schedule: null }` for an order of daypart items. Read once, never retried: the grid is an aside. */
export const useOrderSchedule = (estimateId: string) =>
  useQuery({
    queryKey: scheduleKeys.schedule(estimateId),
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
      void queryClient.invalidateQueries({ queryKey: estimateKeys.all });
    },
  });
};

export type ScheduleRevision = ReplyOf<'/api/estimates/{id}/schedule/revisions', 'get'>['revisions'][number];

/** The order's schedule revisions, the latest first (decision 064). Never retried: the list is an aside. */
export const useScheduleRevisions = (estimateId: string) =>
  useQuery({
    queryKey: scheduleKeys.revisions(estimateId),
    queryFn: ({ signal }) => api.get('/api/estimates/{id}/schedule/revisions', { path: { id: estimateId }, signal }),
    retry: false,
  });

/** The desk approves or rejects a pending revision; the order, its schedule and its revisions are read again. */
export const useDecideRevision = (estimateId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ revisionId, approve, notes }: { revisionId: string; approve: boolean; notes: string }) => {
      const request = { path: { id: estimateId, revisionId }, body: notes.trim() ? { notes: notes.trim() } : {} };
      return (
        approve
          ? await api.patch('/api/estimates/{id}/schedule/revisions/{revisionId}/approve', request)
          : await api.patch('/api/estimates/{id}/schedule/revisions/{revisionId}/reject', request)
      ).message;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: estimateKeys.all });
    },
  });
};
