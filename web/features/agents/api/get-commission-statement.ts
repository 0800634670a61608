// GET /api/commissions/statement: the agent's commissions of a period, per farmer and in total; and its CSV's URL.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCommissionStatement, TCommissionStatementQuery } from '../../../../contract/agents';
import { api } from '../../../lib/api-client';
import { queryRoots } from '../../../lib/query-keys';

const search = (query: TCommissionStatementQuery) =>
  new URLSearchParams({
    from: String(query.from),
    to: String(query.to),
    ...(query.farmerId === undefined ? {} : { farmerId: String(query.farmerId) }),
  }).toString();

export const commissionStatementCsvUrl = (query: TCommissionStatementQuery) =>
  `/api/commissions/statement.csv?${search(query)}`;

export const commissionStatementQuery = (query: TCommissionStatementQuery) =>
  queryOptions({
    queryKey: [...queryRoots.commissions, 'statement', query],
    queryFn: ({ signal }) =>
      api.get<TCommissionStatement>(`/api/commissions/statement?${search(query)}`, signal),
    staleTime: 30_000,
  });

export const useCommissionStatement = (query: TCommissionStatementQuery, enabled: boolean) =>
  useQuery({ ...commissionStatementQuery(query), enabled });
