// Validates every request part with its zod schema; failures keep the raw issues for translated messages.
import type { FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { RequestValidationError } from './errors';

export function installValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zodSchema = schema as unknown as ZodType;
    return (data: unknown) => {
      const result = zodSchema.safeParse(data, { reportInput: true });
      if (result.success) {
        return { value: result.data };
      }
      return { error: new RequestValidationError(result.error.issues, httpPart ?? 'body') };
    };
  });
  app.setSerializerCompiler(serializerCompiler);
}
