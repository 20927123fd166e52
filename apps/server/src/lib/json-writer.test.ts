import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileJsonWriter, JsonWriterError } from './json-writer.js';

const ZThing = z.object({
  id: z.string(),
  kind: z.enum(['a', 'b']),
  count: z.number().int(),
  ratio: z.number(),
  ok: z.boolean(),
  note: z.string().nullable(),
  tags: z.array(z.string()),
  nested: z.object({ at: z.string().meta({ format: 'date-time' }), n: z.number().nullable() }).nullable(),
  marked: z.boolean().optional(),
  version: z.literal(2),
});
type Thing = z.infer<typeof ZThing>;

const write = compileJsonWriter(ZThing);
/** What fastify-type-provider-zod sends for a response schema. */
const reference = (value: unknown) => JSON.stringify(z.encode(ZThing, value as Thing));

const base: Thing = {
  id: 'x1',
  kind: 'a',
  count: 3,
  ratio: 0.1 + 0.2,
  ok: true,
  note: null,
  tags: [],
  nested: null,
  version: 2,
};

describe('compileJsonWriter', () => {
  it('writes what z.encode + JSON.stringify write, byte for byte', () => {
    const cases: Thing[] = [
      base,
      { ...base, marked: true, note: 'with "quotes", \\ backslash, \n newline, \u2028 and émoji 📷' },
      { ...base, tags: ['one', '', 'three'], nested: { at: '2026-11-27T05:00:00.000Z', n: -0 } },
      { ...base, count: -12, ratio: 1e21, ok: false, nested: { at: '', n: 5e-7 } },
      { ...base, note: 'lone surrogate \ud800 and control \u0001', kind: 'b', marked: false },
    ];
    for (const value of cases) expect(write(value)).toBe(reference(value));
  });

  it('drops keys the schema does not name and leaves undefined optional keys out, like zod', () => {
    const extra = { ...base, passwordHash: 'secret', marked: undefined } as unknown as Thing;
    expect(write(extra)).toBe(reference(extra));
    expect(write(extra)).not.toContain('passwordHash');
    expect(write(extra)).not.toContain('marked');
  });

  it('refuses a missing field or a wrong JSON type, as a response schema would', () => {
    const { note: _omit, ...missing } = base;
    expect(() => write(missing as Thing)).toThrow(JsonWriterError);
    expect(() => write({ ...base, count: '3' } as unknown as Thing)).toThrow(
      /count: expected a finite number/,
    );
    expect(() => write({ ...base, ratio: Number.NaN })).toThrow(JsonWriterError);
    expect(() => write({ ...base, tags: 'a' } as unknown as Thing)).toThrow(/tags: expected an array/);
    expect(() => write({ ...base, version: 3 } as unknown as Thing)).toThrow(JsonWriterError);
    expect(() => write({ ...base, nested: { at: 1, n: null } } as unknown as Thing)).toThrow(
      /nested\.at: expected a string/,
    );
  });

  it('refuses, when built, a schema type it cannot write', () => {
    expect(() => compileJsonWriter(z.object({ meta: z.record(z.string(), z.unknown()) }))).toThrow(
      /not supported/,
    );
  });
});
