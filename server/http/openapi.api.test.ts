// The OpenAPI document the app serves is valid: every $ref resolves and every schema is OpenAPI's.
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI document', () => {
  it('passes swagger-parser validation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    // The parser dereferences in place: it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(res.json()))).resolves.toBeDefined();
  });
});
