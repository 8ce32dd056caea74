/** Account statements (decision 038): an admin's of any advertiser, an advertiser's own. */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { downloadFile } from './pdf-download';
import { api, fileUrl, type QueryOf } from './typed';

/** Whose statement: an advertiser's (admins) or the caller's own. */
export type StatementOwner = { customerId: string } | 'mine';
export type StatementPeriodInput = Pick<QueryOf<'/api/my/statement', 'get'>, 'from' | 'to'>;

/** Only the ends that are set reach the query string. */
const queryOf = ({ from, to }: StatementPeriodInput): StatementPeriodInput => ({ from: from || undefined, to: to || undefined });

export const statementKeys = {
  all: ['statements'] as const,
  one: (owner: StatementOwner, period: StatementPeriodInput) =>
    ['statements', owner === 'mine' ? 'mine' : owner.customerId, period.from ?? '', period.to ?? ''] as const,
};

export const fetchStatement = (owner: StatementOwner, period: StatementPeriodInput, signal?: AbortSignal) =>
  owner === 'mine'
    ? api.get('/api/my/statement', { query: queryOf(period), signal })
    : api.get('/api/billing/statements/{customerId}', { path: { customerId: owner.customerId }, query: queryOf(period), signal });

export const downloadStatementPdf = ({ owner, period, filename }: { owner: StatementOwner; period: StatementPeriodInput; filename: string }) =>
  downloadFile(
    owner === 'mine'
      ? fileUrl('/api/my/statement/pdf', { query: queryOf(period) })
      : fileUrl('/api/billing/statements/{customerId}/pdf', { path: { customerId: owner.customerId }, query: queryOf(period) }),
    filename,
  );

export const useStatement = (owner: StatementOwner, period: StatementPeriodInput) =>
  useQuery({ queryKey: statementKeys.one(owner, period), queryFn: ({ signal }) => fetchStatement(owner, period, signal), placeholderData: keepPreviousData });
export const useDownloadStatementPdf = () => useMutation({ mutationFn: downloadStatementPdf });
