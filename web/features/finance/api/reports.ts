// GET and POST /api/farms/:id/reports: the farm's generated reports, and generating one for the period chosen.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TReport, ZReportInput } from '../../../../contract/finance';
import type { ReportPeriod, ReportType } from '../../../../contract/finance-constants';
import { api } from '../../../lib/api-client';
import { farmKey } from '../../../lib/query-keys';

export const reportsQuery = (farmId: number) =>
  queryOptions({
    queryKey: [...farmKey(farmId), 'reports'],
    queryFn: ({ signal }) => api.get<TReport[]>(`/api/farms/${farmId}/reports`, signal),
  });

export const useReports = (farmId: number) => useQuery(reportsQuery(farmId));

export const reportCsvUrl = (report: TReport) => `/api/farms/${report.farmId}/reports/${report.id}.csv`;

/** The spec's buttons generate monthly reports by default; the server picks the range of the period containing today. */
export function useGenerateReport(farmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, period }: { type: ReportType; period: ReportPeriod }) =>
      api.post<TReport>(`/api/farms/${farmId}/reports`, {
        type,
        period,
        farmId,
      } satisfies z.input<typeof ZReportInput>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsQuery(farmId).queryKey }),
  });
}
