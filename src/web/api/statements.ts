/** Account statements (decision 038): an admin's of any advertiser, an advertiser's own. */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Statement } from '../../domain/statement';
import { apiRequest } from './client';
import { downloadFile } from './pdf-download';

/** Whose statement: an advertiser's (admins) or the caller's own. */
export type StatementOwner = { customerId: string } | 'mine';
export interface StatementPeriodInput {
  from?: string;
  to?: string;
}

const basePath = (owner: StatementOwner) => (owner === 'mine' ? '/my/statement' : `/billing/statements/${encodeURIComponent(owner.customerId)}`);
const queryOf = ({ from, to }: StatementPeriodInput) => {
  const params = new URLSearchParams();
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  const query = params.toString();
  return query ? `?${query}` : '';
};

export const statementKeys = {
  all: ['statements'] as const,
  one: (owner: StatementOwner, period: StatementPeriodInput) => ['statements', owner === 'mine' ? 'mine' : owner.customerId, period.from ?? '', period.to ?? ''] as const,
};

export const fetchStatement = (owner: StatementOwner, period: StatementPeriodInput, signal?: AbortSignal) =>
  apiRequest<Statement>(`${basePath(owner)}${queryOf(period)}`, { signal });
export const downloadStatementPdf = ({ owner, period, filename }: { owner: StatementOwner; period: StatementPeriodInput; filename: string }) =>
  downloadFile(`${basePath(owner)}/pdf${queryOf(period)}`, filename);

export const useStatement = (owner: StatementOwner, period: StatementPeriodInput) =>
  useQuery({ queryKey: statementKeys.one(owner, period), queryFn: ({ signal }) => fetchStatement(owner, period, signal), placeholderData: keepPreviousData });
export const useDownloadStatementPdf = () => useMutation({ mutationFn: downloadStatementPdf });
