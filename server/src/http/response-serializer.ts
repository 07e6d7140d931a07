import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = Record<string, unknown>;
type RouteSchema = ZodType | { properties: ZodType };

function zodOf(schema: RouteSchema): ZodType {
  return schema instanceof z.ZodType ? schema : schema.properties;
}

/**
 * `anyOf: [{ type: 'string' }, { type: 'null' }]` (zod's `.nullable()`) as `type: ['string', 'null']`:
 * fast-json-stringify writes a type list directly, while an `anyOf` costs a schema check per value.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    const scalar = ['string', 'number', 'integer', 'boolean'];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && scalar.includes(other.type)) {
      const { type, ...rest } = other;
      const merged: JsonSchema = { ...out, ...rest, type: [type, 'null'] };
      delete merged.anyOf;
      // enum/const checks of the non-null branch would refuse null: fast-json-stringify writes, it does not check.
      delete merged.enum;
      delete merged.const;
      return merged;
    }
  }
  return out;
}

/** The response's JSON Schema as the client receives it, or null when zod cannot say it without loss. */
export function responseJsonSchema(schema: ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    const { $schema: _ignored, ...rest } = json as JsonSchema;
    return simplify(rest) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * ARCHITECTURE §7: an answer is written by a function compiled once per route and status from its zod
 * schema (through JSON Schema and fast-json-stringify, Fastify's own serializer) instead of zod checking
 * every value of every answer. Like zod's serializer it writes only the schema's properties; a schema zod
 * cannot express in JSON Schema (transforms, custom checks) keeps zod's serializer for its route.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<RouteSchema> = (route) => {
  // Compiled at a route's first answer: some 1,500 route and status pairs would slow every start.
  let write: ((data: unknown) => string) | undefined;
  return (data) => {
    write ??= compileWriter(route);
    return write(data);
  };
};

function compileWriter(route: Parameters<FastifySerializerCompiler<RouteSchema>>[0]) {
  const json = responseJsonSchema(zodOf(route.schema));
  if (json) {
    try {
      return fastJson(json as unknown as Parameters<typeof fastJson>[0]);
    } catch {
      // not compilable: zod's serializer below
    }
  }
  return zodSerializerCompiler(route);
}
