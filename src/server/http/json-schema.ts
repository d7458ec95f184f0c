import { z } from 'zod';

export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
} & Record<string, unknown>;

/**
 * A zod schema as the JSON Schema /api/openapi.json carries (OpenAPI 3.1 takes it as is, less the dialect
 * line): the same schema checks the values, so the document cannot drift from them.
 */
export function toJsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return json;
}
