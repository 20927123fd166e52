import type { z } from 'zod';

/**
 * Schema-driven JSON: walks a zod response schema ONCE and returns a stringify specialised to it
 * (object keys and their JSON prefixes precomputed, no per-call schema interpretation), for the
 * hottest answers, where `z.encode` + `JSON.stringify` (what fastify-type-provider-zod does)
 * costs a full validation pass and a generic walk per request.
 *
 * It writes exactly what `JSON.stringify(z.encode(schema, value))` writes for a value the schema
 * accepts: the schema's keys in the schema's order, unknown keys dropped, optional keys left out
 * when undefined (`json-writer.test.ts` and the feed tests prove it byte for byte). It checks the
 * JSON type of every value, so a field the answer lacks or a wrong type still fails loudly
 * (like a response schema does), but not zod's refinements (`.int()`, formats): the values come
 * from our own typed mappers.
 *
 * Supported: object, array, string, number, boolean, enum, literal, nullable, optional. Anything
 * else is refused when the writer is built, not when it runs.
 */
export type JsonWriter<T> = (value: T) => string;

type Write = (value: unknown, path: string) => string;

export class JsonWriterError extends Error {}

function fail(path: string, expected: string, value: unknown): never {
  throw new JsonWriterError(
    `${path || '(root)'}: expected ${expected}, got ${value === null ? 'null' : typeof value}`,
  );
}

/** zod 4's internal definition: the part the writer reads. */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  values?: unknown[];
}
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const writeString: Write = (v, path) =>
  typeof v === 'string' ? JSON.stringify(v) : fail(path, 'a string', v);
const writeNumber: Write = (v, path) =>
  // JSON.stringify would write NaN and Infinity as null; zod refuses them: so do we.
  typeof v === 'number' && Number.isFinite(v) ? String(v) : fail(path, 'a finite number', v);
const writeBoolean: Write = (v, path) =>
  v === true ? 'true' : v === false ? 'false' : fail(path, 'a boolean', v);

function isOptional(schema: z.ZodType): boolean {
  return defOf(schema).type === 'optional';
}

function build(schema: z.ZodType): Write {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
    case 'enum':
      // An enum's entries are strings here (z.enum of string values); its value is checked as one.
      return writeString;
    case 'number':
      return writeNumber;
    case 'boolean':
      return writeBoolean;
    case 'literal': {
      const values = def.values ?? [];
      const texts = new Map(values.map((v) => [v, JSON.stringify(v)]));
      return (v, path) => texts.get(v) ?? fail(path, `one of ${values.map(String).join(', ')}`, v);
    }
    case 'nullable': {
      const inner = build(def.innerType!);
      return (v, path) => (v === null ? 'null' : inner(v, path));
    }
    case 'optional':
      // The object writer leaves undefined optional keys out; a defined value is the inner type.
      return build(def.innerType!);
    case 'array': {
      const item = build(def.element!);
      return (v, path) => {
        if (!Array.isArray(v)) return fail(path, 'an array', v);
        if (v.length === 0) return '[]';
        let out = '[' + item(v[0], `${path}[0]`);
        for (let i = 1; i < v.length; i++) out += ',' + item(v[i], `${path}[${i}]`);
        return out + ']';
      };
    }
    case 'object': {
      const fields = Object.entries(def.shape!).map(([key, field]) => ({
        key,
        prefix: JSON.stringify(key) + ':',
        write: build(field),
        optional: isOptional(field),
      }));
      return (v, path) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(path, 'an object', v);
        const record = v as Record<string, unknown>;
        let out = '{';
        for (const field of fields) {
          const value = record[field.key];
          if (value === undefined) {
            if (field.optional) continue;
            return fail(`${path}.${field.key}`, 'a value', value);
          }
          if (out.length > 1) out += ',';
          out += field.prefix + field.write(value, `${path}.${field.key}`);
        }
        return out + '}';
      };
    }
    default:
      throw new JsonWriterError(`json-writer: zod type "${def.type}" is not supported`);
  }
}

/** A stringify specialised to `schema` (built once; call it per answer). */
export function compileJsonWriter<S extends z.ZodType>(schema: S): JsonWriter<z.output<S>> {
  const write = build(schema);
  return (value) => write(value, '');
}
