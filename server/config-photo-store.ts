// Where photos' bytes are kept, from the variables config.ts parsed: in the database (the default: every backup and
// every instance has them, nothing else to run) or in an S3-compatible object store (AWS S3, MinIO, Garage, R2…).
import { z } from 'zod';

/** A yes/no variable (`true`/`false`, `1`/`0`, `yes`/`no`); config.ts reads its own with it too. */
export const envBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The variables, spread into config.ts's schema. */
export const PHOTO_STORE_ENV = {
  PHOTO_STORE: z.enum(['database', 's3']).default('database'),
  /** The store's address, e.g. `https://s3.eu-west-1.amazonaws.com` or `http://minio:9000`. */
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]/, 'an http:// or https:// address')
    .pipe(z.string().url())
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'a bucket name: 3 to 63 lower-case letters, digits, dots, hyphens',
    )
    .optional(),
  /** The region signatures are scoped to (MinIO and most stand-ins take `us-east-1`). */
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `/bucket/key` on the endpoint (MinIO and most stand-ins) instead of `bucket.endpoint/key` (AWS's default). */
  S3_FORCE_PATH_STYLE: envBool.default(false),
  /** How long one call to the store may take. */
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
};

type PhotoStoreEnv = z.output<z.ZodObject<typeof PHOTO_STORE_ENV>>;

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  timeoutMs: number;
}

/** null: the bytes stay in the database. */
export type PhotoStoreConfig = S3Config | null;

const required = z.string({ error: 'required when PHOTO_STORE=s3' });
/** What PHOTO_STORE=s3 cannot start without. */
const ZS3Required = z.object({
  S3_ENDPOINT: required,
  S3_BUCKET: required,
  S3_REGION: required,
  S3_ACCESS_KEY_ID: required,
  S3_SECRET_ACCESS_KEY: required,
});

/** The store's settings; with PHOTO_STORE=s3 each required S3_ variable missing is named and the start refused. */
export function photoStoreConfig(e: PhotoStoreEnv): PhotoStoreConfig {
  if (e.PHOTO_STORE === 'database') {
    return null;
  }
  const parsed = ZS3Required.safeParse(e);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const s3 = parsed.data;
  return {
    endpoint: s3.S3_ENDPOINT.replace(/\/+$/, ''),
    bucket: s3.S3_BUCKET,
    region: s3.S3_REGION,
    accessKeyId: s3.S3_ACCESS_KEY_ID,
    secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    timeoutMs: e.S3_TIMEOUT_MS,
  };
}
