// Hot reads answer pre-serialised JSON: checked against the response schema once, when built, not per request.
import type { FastifyReply } from 'fastify';
import { type ZodType, z } from 'zod';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * One value as JSON text, checked (and encoded) with its response schema exactly as the route's serializer would:
 * a cached answer keeps the contract without paying for the check on every request.
 */
export function jsonText<T>(schema: ZodType<T>, value: T): string {
  return JSON.stringify(z.encode(schema, value));
}

/** A JSON array from items already serialised with `jsonText`. */
export function jsonArray(items: readonly string[]): Buffer {
  return Buffer.from(`[${items.join(',')}]`);
}

/** Sends a pre-serialised body as is (Fastify skips serialisation for a Buffer with a JSON content type). */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.header('content-type', JSON_TYPE).send(body);
}
