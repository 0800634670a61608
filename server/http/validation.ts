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
 * Linear in the size of the data: each node keeps a link to its parent, and a path is built only for the find.
 */
export function findNul(data: unknown): PropertyKey[] | null {
  type Node = { value: unknown; key: PropertyKey | null; parent: Node | null };
  const pathOf = (node: Node | null, last?: PropertyKey): PropertyKey[] => {
    const path: PropertyKey[] = last === undefined ? [] : [last];
    for (let at = node; at && at.key !== null; at = at.parent) {
      path.push(at.key);
    }
    return path.reverse();
  };
  const stack: Node[] = [{ value: data, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const { value } = node;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        return pathOf(node);
      }
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], key: index, parent: node });
      }
    } else if (value !== null && typeof value === 'object') {
      for (const key of Object.keys(value)) {
        if (key.includes('\u0000')) {
          return pathOf(node, key);
        }
        stack.push({ value: (value as Record<string, unknown>)[key], key, parent: node });
      }
    }
  }
  return null;
}
