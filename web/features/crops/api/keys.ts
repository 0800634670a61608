// The crop screen's query keys and reads: a farm's plots and season plans, one plan, its analytics, the farm's
// members (to give a task to). Every key is under queryRoots.crops, so a write refreshes them through it.
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TAnalysisDataByType } from '../../../../contract/analysis';
import type { TCropPlanDetails, TCropPlans, TPlots } from '../../../../contract/crop-plans';
import type { AnalyticsType } from '../../../../contract/crops';
import type { ZFarmMember } from '../../../../contract/farms';
import { api } from '../../../lib/api-client';
import { farmKey, queryRoots } from '../../../lib/query-keys';

const farmCrops = (farmId: number) => [...queryRoots.crops, 'farm', farmId] as const;
export const planKey = (planId: number) => [...queryRoots.crops, 'plan', planId] as const;

export const plotsQuery = (farmId: number) =>
  queryOptions({
    queryKey: [...farmCrops(farmId), 'plots'],
    queryFn: ({ signal }) => api.get<TPlots>(`/api/farms/${farmId}/plots`, signal),
  });

export const plansQuery = (farmId: number, season: string) =>
  queryOptions({
    queryKey: [...farmCrops(farmId), 'plans', season],
    queryFn: ({ signal }) =>
      api.get<TCropPlans>(`/api/farms/${farmId}/crop-plans?season=${encodeURIComponent(season)}`, signal),
  });

export const planQuery = (planId: number) =>
  queryOptions({
    queryKey: planKey(planId),
    queryFn: ({ signal }) => api.get<TCropPlanDetails>(`/api/crop-plans/${planId}`, signal),
  });

export const planAnalyticsQuery = <T extends AnalyticsType>(planId: number, type: T) =>
  queryOptions({
    queryKey: [...planKey(planId), 'analytics', type],
    queryFn: ({ signal }) =>
      api.get<{ data: TAnalysisDataByType[T] }>(`/api/crop-plans/${planId}/analytics?type=${type}`, signal),
  });

export type TFarmMember = z.infer<typeof ZFarmMember>;

/** The farm's members (a task is given to one of them); under the farm's key, as its other data. */
export const membersQuery = (farmId: number) =>
  queryOptions({
    queryKey: [...farmKey(farmId), 'members'],
    queryFn: ({ signal }) => api.get<TFarmMember[]>(`/api/farms/${farmId}/members`, signal),
  });
