import type { AsRunProfileId } from '../../domain/as-run-profiles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFile, sendForm } from './client';
import { api, fileUrl, urlFor, type ReplyOf } from './typed';
import { trafficKeys } from './traffic';
import type { paths } from './schema';

export const asRunKeys = {
  list: ['as-run', 'list'] as const,
  report: (id: string) => ['as-run', 'report', id] as const,
};

export const useAsRunImports = () => useQuery({ queryKey: asRunKeys.list, queryFn: ({ signal }) => api.get('/api/traffic/as-run', { signal }) });

export const useAsRunReport = (id: string | null) =>
  useQuery({
    queryKey: asRunKeys.report(id ?? ''),
    enabled: id !== null,
    queryFn: ({ signal }) => api.get('/api/traffic/as-run/{id}', { path: { id: id ?? '' }, signal }),
  });

/** Sends the file with progress; on success the imports, the traffic log and campaigns are read again. */
export const useImportAsRun = () => {
  const queryClient = useQueryClient();
  return async (file: File, onProgress: (loaded: number, total: number) => void, closeDay = false, profile: AsRunProfileId = 'auto', channelId?: string) => {
    const form = new FormData();
    // Before the file: the server reads the fields that precede it.
    form.append('close_day', closeDay ? 'true' : 'false');
    form.append('profile', profile);
    if (channelId) form.append('channel_id', channelId);
    form.append('file', file, file.name);
    const report = await sendForm<ReplyOf<'/api/traffic/as-run', 'post'>>(urlFor('/api/traffic/as-run' satisfies keyof paths), form, { onProgress });
    queryClient.setQueryData(asRunKeys.report(report.import.id), report);
    void queryClient.invalidateQueries({ queryKey: asRunKeys.list });
    void queryClient.invalidateQueries({ queryKey: trafficKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['campaigns'] });
    return report;
  };
};

export const downloadAffidavit = (estimateId: string, format: 'pdf' | 'csv') =>
  downloadFile(fileUrl('/api/estimates/{id}/affidavit', { path: { id: estimateId }, query: { format } }), {
    accept: format === 'pdf' ? 'application/pdf' : 'text/csv',
    fallbackName: `affidavit-${estimateId.slice(0, 8)}.${format}`,
  });
