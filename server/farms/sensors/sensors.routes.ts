// Routes for sensor readings: JSON and CSV uploads by members or by devices with their own key; the CSV download.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SENSOR_BODY_LIMIT, ZIngestResult, ZSensorDataInput } from '../../../contract/farm-data';
import { ZFarmIdParams } from '../../../contract/farms';
import type { AppContext } from '../../context';
import { errorResponses } from '../../http/error-responses';
import { AppError } from '../../http/errors';
import { deviceOfKey, markDeviceUsed } from '../devices/devices.service';
import { requireFarm } from '../farm-access';
import { presentIngest } from './sensors.present';
import { ingestReadings, parseSensorCsv, sensorCsvChunks } from './sensors.service';

const errors = errorResponses(400, 401, 403, 404, 413);

/** A device whose key was checked, and its farm. */
type KeyHolder = NonNullable<Awaited<ReturnType<typeof deviceOfKey>>>;

/** CSV is parsed only in these plugins' scope; the rest of the API keeps JSON only. */
function acceptCsv(app: FastifyInstance): void {
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: SENSOR_BODY_LIMIT },
    (_req, body, done) => {
      done(null, body);
    },
  );
}

export function sensorsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    acceptCsv(app);

    app.post(
      '/api/farms/:id/sensor-data',
      {
        bodyLimit: SENSOR_BODY_LIMIT,
        config: { access: 'user', farm: 'farm.sensors.write' },
        schema: {
          tags: ['farms'],
          params: ZFarmIdParams,
          body: ZSensorDataInput,
          response: { 201: ZIngestResult, ...errors },
        },
      },
      async (request, reply) => {
        const { farm } = requireFarm(request);
        return reply
          .status(201)
          .send(presentIngest(await ingestReadings(ctx, { farm, readings: request.body.readings })));
      },
    );

    app.post(
      '/api/farms/:id/sensor-data.csv',
      {
        bodyLimit: SENSOR_BODY_LIMIT,
        config: { access: 'user', farm: 'farm.sensors.write' },
        schema: {
          tags: ['farms'],
          description: 'text/csv with the columns timestamp,type,value (header optional)',
          params: ZFarmIdParams,
          response: { 201: ZIngestResult, ...errors },
        },
      },
      async (request, reply) => {
        const { farm } = requireFarm(request);
        if (typeof request.body !== 'string') {
          throw new AppError('unsupportedMediaType', 'farms.errors.csvExpected');
        }
        const readings = parseSensorCsv(request.body);
        return reply.status(201).send(presentIngest(await ingestReadings(ctx, { farm, readings })));
      },
    );

    app.get(
      '/api/farms/:id/sensor-data.csv',
      {
        config: { access: 'user', farm: 'farm.read' },
        schema: {
          tags: ['farms'],
          description:
            'Every reading of the farm as text/csv (timestamp,type,value; by type, then time), streamed: the full data behind the downsampled series of GET /analytics.',
          params: ZFarmIdParams,
        },
      },
      async (request, reply) => {
        const { farm } = requireFarm(request);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="farm-${farm.id}-sensor-data.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(sensorCsvChunks(ctx, farm.id)));
      },
    );
  };
}

/** Routes of readings sent by a device under its own key (no session). */
export function deviceReadingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    acceptCsv(app);

    // Devices have no session: their key is the credential, checked before the body is read, so a caller
    // without one never gets 5 MB parsed and validated.
    const devices = new WeakMap<object, KeyHolder>();
    app.post(
      '/api/devices/sensor-data',
      {
        bodyLimit: SENSOR_BODY_LIMIT,
        config: { access: 'public' },
        preParsing: async (request) => {
          const header = request.headers.authorization ?? '';
          const key = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
          const found = key ? await deviceOfKey(ctx, key) : null;
          if (!found) {
            throw new AppError(
              'unauthorized',
              'farms.errors.deviceKey',
              {},
              { 'www-authenticate': 'Bearer' },
            );
          }
          devices.set(request, found);
        },
        schema: {
          tags: ['farms'],
          description: 'A device posts readings with `Authorization: Bearer <device key>`.',
          body: ZSensorDataInput,
          response: { 201: ZIngestResult, ...errors },
        },
      },
      async (request, reply) => {
        const found = devices.get(request);
        if (!found) {
          throw new AppError('unauthorized', 'farms.errors.deviceKey', {}, { 'www-authenticate': 'Bearer' });
        }
        const { device, farm } = found;
        const result = await ingestReadings(ctx, { farm, readings: request.body.readings });
        await markDeviceUsed(ctx, device.id);
        return reply.status(201).send(presentIngest(result));
      },
    );
  };
}
