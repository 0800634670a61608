// The farm and its members as the API shows them (explicit fields, the caller's role).
import type { z } from 'zod';
import type { FarmMemberRole, ZFarm, ZFarmMember } from '../../contract/farms';
import type { FarmRow } from './farm-access-cache';
import type { farmMembers } from './farms.schema';

type FarmMemberRow = typeof farmMembers.$inferSelect;

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

export function presentMember(member: FarmMemberRow, username: string): z.infer<typeof ZFarmMember> {
  return {
    farmId: member.farmId,
    userId: member.userId,
    username,
    role: member.role,
    createdAt: member.createdAt.toISOString(),
  };
}
