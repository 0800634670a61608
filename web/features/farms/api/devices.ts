// GET/POST /api/farms/:id/devices and DELETE /api/farms/:id/devices/:deviceId: device ingestion keys.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TCreatedDevice, TDevice, ZDeviceInput } from '../../../../contract/farm-data';
import { api } from '../../../lib/api-client';
import { farmKey } from '../../../lib/query-keys';

export const devicesQuery = (farmId: number) =>
  queryOptions({
    queryKey: [...farmKey(farmId), 'devices'],
    queryFn: ({ signal }) => api.get<TDevice[]>(`/api/farms/${farmId}/devices`, signal),
  });

export const useDevices = (farmId: number, enabled: boolean) =>
  useQuery({ ...devicesQuery(farmId), enabled });

export function useCreateDevice(farmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.post<TCreatedDevice>(`/api/farms/${farmId}/devices`, {
        name,
      } satisfies z.input<typeof ZDeviceInput>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQuery(farmId).queryKey }),
  });
}

export function useRevokeDevice(farmId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: number) => api.delete<void>(`/api/farms/${farmId}/devices/${deviceId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQuery(farmId).queryKey }),
  });
}
