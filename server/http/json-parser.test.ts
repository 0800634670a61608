// The depth check, the NUL scan and numbers past a double: right answers, and time linear in the size of the input.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue } from '../../contract/validation';
import { infiniteAt, jsonDeeperThan } from './json-parser';
import { findNul } from './validation';

describe('jsonDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(jsonDeeperThan('[[1]]', 2)).toBe(false);
    expect(jsonDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(jsonDeeperThan('{"a":{"b":[]}}', 3)).toBe(false);
    expect(jsonDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(jsonDeeperThan('{"a":"[[[[[[[[[[{{{{{{"}', 1)).toBe(false);
    expect(jsonDeeperThan('{"a":"\\"[[[[[[[[["}', 1)).toBe(false);
    expect(jsonDeeperThan('["\\\\",[[1]]]', 2)).toBe(true);
    expect(jsonDeeperThan('[1],[2],[3]', 1)).toBe(false);
  });

  it('reads a 5 MB body in one quick pass, and stops at the first level past the limit', () => {
    const deep = `${'['.repeat(2_500_000)}${']'.repeat(2_500_000)}`;
    expect(jsonDeeperThan(deep, 32)).toBe(true);
    const started = performance.now();
    const flat = JSON.stringify(
      Array.from({ length: 100_000 }, (_, i) => ({ t: `2026-01-01T00:${i}`, v: i })),
    );
    expect(jsonDeeperThan(flat, 32)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('findNul', () => {
  it('finds U+0000 in values and keys with its path', () => {
    expect(findNul({ a: [1, 'x', { b: 'y\u0000' }] })).toEqual(['a', 2, 'b']);
    expect(findNul({ a: { 'k\u0000': 1 } })).toEqual(['a', 'k\u0000']);
    expect(findNul({ a: ['ok', { b: 'fine' }] })).toBeNull();
    expect(findNul('\u0000')).toEqual([]);
  });

  it('walks a deep structure in linear time (the path is built only for a find)', () => {
    let value: unknown = 'leaf\u0000';
    for (let i = 0; i < 100_000; i++) {
      value = [value];
    }
    const started = performance.now();
    const path = findNul(value);
    expect(path).toHaveLength(100_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('numbers past a double', () => {
  it('finds the first ±Infinity JSON.parse made of a numeral, with its path', () => {
    expect(infiniteAt(JSON.parse('{"a":[1,{"b":1e400}]}'), [])).toEqual(['a', 1, 'b']);
    expect(infiniteAt(JSON.parse('[-1e999]'), [])).toEqual([0]);
    expect(infiniteAt(JSON.parse('{"a":1.7976931348623157e308,"b":"1e400"}'), [])).toBeNull();
  });

  it('describes an Infinity a schema refused as too large, not as "expected number, received number"', () => {
    const result = z.number().safeParse(Number.POSITIVE_INFINITY, { reportInput: true });
    expect(result.success).toBe(false);
    expect(describeIssue(result.error?.issues[0] as Parameters<typeof describeIssue>[0])).toEqual({
      key: 'validation.numberTooLarge',
    });
  });
});
