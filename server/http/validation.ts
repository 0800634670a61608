// Validates every request part with its zod schema; failures keep the raw issues for translated messages.
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { RequestValidationError } from './errors';

export function installValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zodSchema = schema as unknown as ZodType;
    // Most reads carry no query at all: its defaults are parsed once (frozen, as every request shares them).
    let noQuery: { value: unknown } | null = null;
    return (data: unknown) => {
      if (httpPart === 'querystring' && isEmptyObject(data)) {
        if (!noQuery) {
          const result = zodSchema.safeParse(data, { reportInput: true });
          if (!result.success) {
            return { error: new RequestValidationError(result.error.issues, httpPart) };
          }
          noQuery = { value: Object.freeze(result.data) };
        }
        return noQuery;
      }
      const nul = findNul(data);
      if (nul) {
        const issue = {
          code: 'custom' as const,
          path: nul,
          message: 'validation.nulCharacter',
          input: undefined,
        };
        return { error: new RequestValidationError([issue], httpPart ?? 'body') };
      }
      const result = zodSchema.safeParse(data, { reportInput: true });
      if (result.success) {
        return { value: result.data };
      }
      return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
    };
  });
  app.setSerializerCompiler(serializerCompiler);
}

function isEmptyObject(data: unknown): boolean {
  if (data === null || typeof data !== 'object') {
    return false;
  }
  for (const _ in data) {
    return false;
  }
  return true;
}

/**
 * The path of the first string (value or key) holding U+0000, which PostgreSQL text cannot store:
 * refused here as a 400 for every route, instead of failing later in the database as a 500.
 */
export function findNul(data: unknown): PropertyKey[] | null {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: PropertyKey[] };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        return path;
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        stack.push({ value: item, path: [...path, index] });
      });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) {
          return [...path, key];
        }
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}
