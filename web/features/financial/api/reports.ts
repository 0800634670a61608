// GET and POST /api/farms/:id/reports: the farm's generated reports, and generating one for this month.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportType, TReport } from '../../../../contract/finance';
import { api } from '../../../lib/api-client';
import { financeKey } from './get-financials';

export const reportsQuery = (farmId: number) =>
  queryOptions({
    queryKey: [...financeKey(farmId), 'reports'],
    queryFn: ({ signal }) => api.get<TReport[]>(`/api/farms/${farmId}/reports`, signal),
  });

export const useReports = (farmId: number) => useQuery(reportsQuery(farmId));

export const reportCsvUrl = (report: TReport) => `/api/farms/${report.farmId}/reports/${report.id}.csv`;

/** The spec's buttons generate monthly reports; the server picks this month's range. */
export function useGenerateReport(farmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: ReportType) =>
      api.post<TReport>(`/api/farms/${farmId}/reports`, { type, period: 'monthly', farmId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsQuery(farmId).queryKey }),
  });
}
