// GET /api/farms/:id/weather: the farm's 7-day forecast, rain totals against its crop plans' needs, and the weather
// alerts that hold now (the farm page's weather card).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFarmWeather } from '../../../contract/weather';
import { api } from '../api-client';
import { queryRoots } from '../query-keys';

export const farmWeatherQuery = (farmId: number) =>
  queryOptions({
    queryKey: [...queryRoots.weather, farmId],
    queryFn: ({ signal }) => api.get<TFarmWeather>(`/api/farms/${farmId}/weather`, signal),
  });

export const useFarmWeather = (farmId: number) => useQuery(farmWeatherQuery(farmId));
