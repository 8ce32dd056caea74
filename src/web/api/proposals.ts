/** Importing an agency order (AAAA Proposal XML, decision 056): the file is sent as the As-run screen sends its own. */
import { useQueryClient } from '@tanstack/react-query';
import { sendForm } from './client';
import { urlFor, type ReplyOf } from './typed';
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
