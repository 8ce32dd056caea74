import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProgramInput, ProgramUpdate } from '../../domain/program-schemas';
import { sendForm } from './client';
import { api, urlFor, type ReplyOf } from './typed';
import type { paths } from './schema';

export const programKeys = { ofChannel: (channelId: string) => ['programs', channelId] as const };

/** A channel's programs, by start time (decision 060). */
export const usePrograms = (channelId: string | undefined) =>
  useQuery({
    enabled: channelId !== undefined,
    queryKey: programKeys.ofChannel(channelId ?? ''),
    queryFn: ({ signal }) => api.get('/api/channels/{id}/programs', { path: { id: channelId! }, signal }),
  });

const useProgramMutation = <V>(channelId: string, mutationFn: (vars: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.ofChannel(channelId) }) });
};

export const useAddProgram = (channelId: string) =>
  useProgramMutation(channelId, (body: ProgramInput) => api.post('/api/channels/{id}/programs', { path: { id: channelId }, body }));

export const useUpdateProgram = (channelId: string) =>
  useProgramMutation(channelId, ({ id, body }: { id: string; body: ProgramUpdate }) => api.patch('/api/programs/{id}', { path: { id }, body }));

export const useDeleteProgram = (channelId: string) => useProgramMutation(channelId, (id: string) => api.delete('/api/programs/{id}', { path: { id } }));

type ImportPath = '/api/channels/{id}/programs/import';

/** Sends a CSV or BXF schedule file; `replace` removes the channel's programs first. */
export const useImportPrograms = (channelId: string) => {
  const queryClient = useQueryClient();
  return async (file: File, mode: 'add' | 'replace') => {
    const form = new FormData();
    form.append('file', file, file.name);
    const reply = await sendForm<ReplyOf<ImportPath, 'post'>>(
      urlFor('/api/channels/{id}/programs/import' satisfies keyof paths, { id: channelId }, { mode }),
      form,
    );
    void queryClient.invalidateQueries({ queryKey: programKeys.ofChannel(channelId) });
    return reply;
  };
};
