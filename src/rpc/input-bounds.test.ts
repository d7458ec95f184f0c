import { expect, test } from 'vitest';
import { z } from 'zod';
import { appRouter } from './router.ts';
import { SAFE_TEXT } from './schemas/safe-text.ts';

type JsonSchema = { [key: string]: unknown };

/** Free-form JSON the schema bounds itself (depth, length, characters): see freeJson. */
const FREE_FORM = new Set(['reports.error errorDetails']);

/**
 * Every place of a procedure's input JSON Schema that leaves a size unbounded: a string without
 * maxLength or without the control-character pattern, an array without maxItems, or a value of any
 * shape. (Extra keys of a plain object are dropped by zod, never read.)
 */
function unbounded(node: unknown, where: string, found: string[]) {
  if (typeof node !== 'object' || node === null) return;
  const schema = node as JsonSchema;
  const composite = ['anyOf', 'oneOf', 'allOf'].some((key) => Array.isArray(schema[key]));
  const isString = schema.type === 'string' && schema.const === undefined && schema.enum === undefined;
  if (isString) {
    if (typeof schema.maxLength !== 'number') found.push(`${where}: string without maxLength`);
    const patterns = [
      schema.pattern,
      ...((schema.allOf as JsonSchema[] | undefined) ?? []).map((p) => p.pattern),
    ];
    if (!patterns.includes(SAFE_TEXT.source))
      found.push(`${where}: string without the control-character rule`);
  }
  if (schema.type === 'array' && typeof schema.maxItems !== 'number')
    found.push(`${where}: array without maxItems`);
  if (typeof schema.additionalProperties === 'object')
    unbounded(schema.additionalProperties, `${where}.*`, found);
  if (schema.type === undefined && !composite && schema.const === undefined && schema.enum === undefined) {
    if (!FREE_FORM.has(where)) found.push(`${where}: any value`);
  }
  for (const [key, child] of Object.entries((schema.properties as JsonSchema | undefined) ?? {})) {
    unbounded(child, `${where} ${key}`, found);
  }
  if (schema.items) unbounded(schema.items, `${where}[]`, found);
  // A string's allOf holds its patterns only, read above.
  for (const key of isString ? [] : ['anyOf', 'oneOf', 'allOf']) {
    for (const child of (schema[key] as unknown[] | undefined) ?? []) unbounded(child, where, found);
  }
}

const procedures = Object.entries(
  // At run time the record is flat, by dotted path (its type is the nested router shape).
  appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } }>,
);

test('every string a procedure accepts has a maximum and refuses control characters; every array a maximum', () => {
  const found: string[] = [];
  let checked = 0;
  for (const [path, procedure] of procedures) {
    for (const input of procedure._def.inputs) {
      checked += 1;
      const schema = z.toJSONSchema(input as z.ZodType, { io: 'input', unrepresentable: 'any' });
      unbounded(schema, path, found);
    }
  }
  expect(checked).toBeGreaterThan(30);
  expect(found).toEqual([]);
});

test('the walk notices an unbounded string, a bare array and a value of any shape', () => {
  const found: string[] = [];
  const loose = z.object({ name: z.string(), tags: z.array(z.number()), extra: z.unknown() });
  unbounded(z.toJSONSchema(loose, { io: 'input', unrepresentable: 'any' }), 'prova', found);
  expect(found).toEqual([
    'prova name: string without maxLength',
    'prova name: string without the control-character rule',
    'prova tags: array without maxItems',
    'prova extra: any value',
  ]);
});
