// Routes for a farm's device keys: the list, making a key (shown once) and revoking one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCreatedDevice, ZDevice, ZDeviceInput, ZDeviceParams } from '../../../contract/farm-data';
import { ZFarmIdParams } from '../../../contract/farms';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/access';
import { errorResponses } from '../../http/error-responses';
import { requireFarm } from '../farm-access';
import { presentDevice } from './devices.present';
import { createFarmDevice, devicesOfFarm, revokeFarmDevice } from './devices.service';

const errors = errorResponses(400, 401, 403, 404, 413);

export function devicesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/farms/:id/devices',
      {
        config: { access: 'user', farm: 'farm.devices' },
        schema: { tags: ['farms'], params: ZFarmIdParams, response: { 200: z.array(ZDevice), ...errors } },
      },
      async (request) => {
        const { farm } = requireFarm(request);
        return (await devicesOfFarm(ctx, farm.id)).map(presentDevice);
      },
    );

    app.post(
      '/api/farms/:id/devices',
      {
        config: { access: 'user', farm: 'farm.devices' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          body: ZDeviceInput,
          response: { 201: ZCreatedDevice, ...errors },
        },
      },
      async (request, reply) => {
        const { device, key } = await createFarmDevice(ctx, {
          actor: requireUser(request),
          farm: requireFarm(request).farm,
          name: request.body.name,
        });
        return reply.status(201).send({ ...presentDevice(device), key });
      },
    );

    app.delete(
      '/api/farms/:id/devices/:deviceId',
      {
        config: { access: 'user', farm: 'farm.devices' },
        schema: { tags: ['farms'], params: ZDeviceParams, response: { 204: z.null(), ...errors } },
      },
      async (request, reply) => {
        await revokeFarmDevice(ctx, { farm: requireFarm(request).farm, deviceId: request.params.deviceId });
        return reply.status(204).send(null);
      },
    );
  };
}
