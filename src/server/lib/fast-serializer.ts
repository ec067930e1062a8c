// A route's answers written by fast-json-stringify from its shared Zod schema, for the hottest read (the
// creator's one-second poll): the app-wide serializer (fastify-type-provider-zod) parses every answer
// with Zod and then runs JSON.stringify over the copy, which was about a tenth of the CPU of a changed poll.
// Here the schema is turned into JSON Schema once (z.toJSONSchema, the output side) and compiled; the answer
// is written straight from the handler's object, with nothing the schema does not name (as the Zod serializer
// strips it). The same JSON, not always the same bytes: fast-json-stringify writes an object's optional
// properties after its required ones (the schedule's `servicing` after its `payments`).
//
// fast-json-stringify writes what the schema says rather than checking it (a null where text is due becomes
// ""), so outside production every answer is also checked against the Zod schema and compared with what the
// Zod serializer would have sent: a mismatch is a 500 in every test that reads the route, never a silent
// change of shape. Use on a route whose answers are built by the server's own mappers, not passed through.
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodType, z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema as fast-json-stringify reads it best: `anyOf: [X, null]` (how Zod writes `.nullable()` on
 * objects and integers) becomes X that also takes null (`type: [t, 'null']`, or `nullable` for objects and
 * arrays), so no answer is matched against branches at run time.
 */
export function forFastJson(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forFastJson);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === '$schema') continue;
    out[key] = forFastJson(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt !== -1 && other && typeof other.type === 'string') {
      const { anyOf: _anyOf, ...rest } = out;
      const merged: JsonSchema = { ...rest, ...other };
      if (other.type === 'object' || other.type === 'array') merged.nullable = true;
      else merged.type = [other.type, 'null'];
      return merged;
    }
  }
  return out;
}

/** fast-json-stringify for a Zod schema's output. */
export function compileFastJson(schema: ZodType): (data: unknown) => string {
  const json = forFastJson(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }));
  return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/**
 * A route's `serializerCompiler`: fast-json-stringify for each of its answers (errors included). With `check`
 * (outside production) each answer is also parsed by Zod and must come out byte for byte as the app-wide
 * serializer writes it.
 */
export function fastSerializerCompiler<S>(options: { check: boolean }): FastifySerializerCompiler<S> {
  return ({ schema: routeSchema, method, url }) => {
    const schema = zodSchemaOf(routeSchema);
    const write = compileFastJson(schema);
    if (!options.check) return write;
    return (data: unknown) => {
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new ResponseSerializationError(method, url, { cause: parsed.error });
      const fast = write(data);
      const expected = JSON.stringify(parsed.data);
      if (!isDeepStrictEqual(JSON.parse(fast), JSON.parse(expected))) {
        throw new Error(
          `${method} ${url}: fast-json-stringify wrote ${fast} where the Zod serializer writes ${expected}`,
        );
      }
      return fast;
    };
  };
}

/** The Zod schema of one answer (as the type provider passes it: the schema, or `{ properties: schema }`). */
function zodSchemaOf(schema: unknown): ZodType {
  if (schema instanceof ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  if (inner instanceof ZodType) return inner;
  throw new Error('fastSerializerCompiler: the response schema is not a Zod schema');
}
