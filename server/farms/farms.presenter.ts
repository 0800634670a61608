// The farm as the API shows it (explicit fields, the caller's role).
import type { z } from 'zod';
import type { FarmMemberRole, ZFarm } from '../../contract/farms';
import type { FarmRow } from './farm-access';

export function presentFarm(farm: FarmRow, myRole: FarmMemberRole): z.infer<typeof ZFarm> {
  return {
    id: farm.id,
    ownerId: farm.ownerId,
    name: farm.name,
    size: farm.sizeHa,
    latitude: farm.latitude,
    longitude: farm.longitude,
    elevation: farm.elevation,
    crop: farm.crop as z.infer<typeof ZFarm>['crop'],
    plantingDate: farm.plantingDate,
    soilTexture: farm.soilTexture,
    createdAt: farm.createdAt.toISOString(),
    myRole,
  };
}
