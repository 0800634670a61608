// Several writes in one request, in order: how a phone's outbox sends what it kept offline over a slow link, where
// each round trip costs most of a second.
import { z } from 'zod';

/** At most this many writes per batch (each still counts as a write for the rate limit). */
export const MAX_BATCH = 25;

export const ZBatchRequest = z
  .object({
    requests: z
      .array(
        z
          .object({
            method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
            /** An API path other than the batch itself. */
            path: z
              .string()
              .max(500)
              .regex(/^\/api\/(?!batch(?:[/?#]|$))[^\s]*$/, 'validation.batchPath'),
            body: z.unknown().optional(),
            /** Required: a batch is replayed as a whole when its answer is lost, each write must be recognised. */
            idempotencyKey: z.string().regex(/^[\x21-\x7e]{1,255}$/, 'errors.idempotencyKey'),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_BATCH),
  })
  .strict();

/**
 * One answer per write run, in order. The batch stops at the first answer that says "not now" or "sign in" (a
 * fault, 401, 408, 429, a key still in progress): the writes after it are left out, to be sent again in order.
 */
export const ZBatchResponse = z.object({
  results: z.array(
    z.object({
      status: z.number().int(),
      body: z.unknown(),
      retryAfter: z.string().nullable(),
    }),
  ),
});
export type TBatchResponse = z.infer<typeof ZBatchResponse>;
