// Test helper of the route fuzz (fuzz.test.ts, issue #30): fast-check arbitraries built from the
// JSON schemas of the OpenAPI document — values a route's schema mostly accepts — and the hostile
// values that are then planted in them (NUL, broken Unicode, impossible dates, integers past int4,
// wrong types, extra keys). Only the JSON-schema keywords the zod schemas produce are understood.

import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  default?: unknown;
}

const INT4_MAX = 2_147_483_647;

/**
 * Values for properties whose rule the JSON schema cannot say (a zod refine: the page sizes of
 * spec §3, reasons only with TMS…), by property name: generated mostly from them, the first one
 * in examples. Without them most generated requests would stop at that one rule.
 */
export type Hints = Record<string, readonly unknown[]>;
let hints: Hints = {};

/** Sets the hints every arbitrary and example built afterwards uses. */
export function useHints(value: Hints): void {
  hints = value;
}

/** Text PostgreSQL cannot store: NUL (22021) and UTF-16 surrogates without their pair. */
export const UNSTORABLE_STRINGS = ['\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\uDBFF\uDBFF', 'ok\uD83D'];

/** Dates and instants that match YYYY-MM-DD or ISO 8601 and do not exist. */
export const IMPOSSIBLE_DATES = [
  '2024-02-30',
  '2023-02-29',
  '9999-99-99',
  '0000-01-01',
  '2024-13-01',
  '2024-00-10',
  '2024-02-29T24:00:00Z',
  '2024-02-30T08:00:00+07:00',
  '0000-01-01T00:00:00Z',
];

/** Other values that have made servers answer 500: numbers as text, SQL and tsquery syntax, sizes. */
export const HOSTILE_STRINGS = [
  '2147483648',
  '-1',
  '0',
  '1e308',
  '9'.repeat(40),
  'NaN',
  'Infinity',
  '0x10',
  '',
  ' ',
  "'",
  '"',
  '\\',
  '%',
  '_',
  '*',
  ':*',
  '!',
  '&|!():*<->',
  "'; DROP TABLE pelamar; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '\u202Etxt.exe',
  '\uFEFF',
  '\uFFFF',
  '😀',
  'é'.repeat(300),
  'a'.repeat(101),
  'x'.repeat(5_000),
  '__proto__',
  'constructor',
  'toString',
  'null',
  'true',
  '[]',
  '{}',
];

/** A hostile string, the kinds issue #30 found most often. */
export function hostileString(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...UNSTORABLE_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...IMPOSSIBLE_DATES) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  );
}

export const HOSTILE_NUMBERS = [
  2_147_483_648,
  INT4_MAX,
  -2_147_483_649,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  Number.MAX_SAFE_INTEGER,
  -1,
  0,
  -0,
  0.5,
  1.005,
  1e-7,
  1e21,
  1e308,
  -1e308,
];

/** A hostile value of any kind: the strings and numbers above, wrong types, odd structures. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: hostileString() },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    {
      weight: 2,
      arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [[[]]], ['\u0000'], { a: { b: { c: {} } } }),
    },
    { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"admin":true},"\\u0000":1}')) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

const isType = (schema: JsonSchema, type: string) =>
  schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));

/** Integers of the schema's range, mostly small (existing rows), sometimes past it. */
function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  let min = schema.minimum ?? -(2 ** 53 - 1);
  let max = schema.maximum ?? 2 ** 53 - 1;
  if (schema.exclusiveMinimum === true) min += 1;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - 1;
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  if (min > max) return fc.constant(min);
  // Small values reach existing rows (ids, versions); the whole range finds the edges.
  const small = fc.integer({ min: Math.max(min, -5), max: Math.max(Math.min(max, 200), Math.max(min, -5)) });
  return fc.oneof(
    { weight: 6, arbitrary: small },
    { weight: 2, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  );
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  // Real dates and instants (year 0001 on): a pattern would also give 0000-01-01.
  if (schema.format === 'date')
    return fc
      .date({ noInvalidDate: true, min: new Date('0001-01-01T00:00:00Z') })
      .map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true, min: new Date('0001-01-01T00:00:00Z') }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uuid':
      return fc.uuid();
    default: {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
      // Free text is where NUL and broken Unicode reach the database: often hostile.
      return fc.oneof(
        { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
        { weight: 2, arbitrary: hostileString() },
      );
    }
  }
}

/** Values for `schema`: mostly what it accepts, which takes the request past validation. */
export function arbitraryOf(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 1 });
  const base = baseArbitrary(schema, depth);
  return schema.nullable || isType(schema, 'null')
    ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) })
    : base;
}

function baseArbitrary(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => arbitraryOf(s, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return arbitraryOf(schema.allOf[0], depth + 1);
  if (isType(schema, 'object') || schema.properties) {
    const properties = schema.properties ?? {};
    const keys = Object.keys(properties);
    if (keys.length === 0)
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
    const model = Object.fromEntries(
      keys.map((key) => {
        const known = hints[key];
        const own = arbitraryOf(properties[key], depth + 1);
        return [
          key,
          known ? fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: own }) : own,
        ];
      }),
    );
    const required = (schema.required ?? []).filter((key) => keys.includes(key));
    return fc.record(model, { requiredKeys: required });
  }
  if (isType(schema, 'array')) {
    const minLength = schema.minItems ?? 0;
    const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
    return fc.array(arbitraryOf(schema.items, depth + 1), { minLength, maxLength });
  }
  if (isType(schema, 'integer')) return integerArbitrary(schema);
  if (isType(schema, 'number')) {
    return fc.oneof(
      integerArbitrary(schema),
      fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        ...(schema.minimum === undefined ? {} : { min: schema.minimum }),
        ...(schema.maximum === undefined ? {} : { max: schema.maximum }),
      }),
    );
  }
  if (isType(schema, 'boolean')) return fc.boolean();
  if (isType(schema, 'string')) return stringArbitrary(schema);
  return fc.jsonValue({ maxDepth: 2 });
}

type Path = (string | number)[];

/** Every place in `value` a hostile value can go: each node, and a new key of each object. */
function placesOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) placesOf(item, [...path, index], out);
  } else if (value !== null && typeof value === 'object') {
    out.push([...path, '\u0001extra']);
    for (const [key, child] of Object.entries(value)) placesOf(child, [...path, key], out);
  }
  return out;
}

function replaced(value: unknown, path: Path, hostile: unknown, extraKey: string): unknown {
  if (path.length === 0) return hostile;
  const [head, ...rest] = path as [string | number, ...Path];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = replaced(copy[head as number], rest, hostile, extraKey);
    return copy;
  }
  const copy = { ...(value as Record<string, unknown>) };
  const key = head === '\u0001extra' ? extraKey : String(head);
  const own = Object.hasOwn(copy, key) ? copy[key] : undefined;
  // An own property even for `__proto__`, as JSON.parse makes it on the server.
  Object.defineProperty(copy, key, {
    value: replaced(own, rest, hostile, extraKey),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/**
 * `valid` with up to `max` of its nodes replaced by hostile values (or hostile extra keys added):
 * a request that is right everywhere but one place reaches that place's handling.
 */
export function withHostileLeaves<T>(valid: fc.Arbitrary<T>, max = 2): fc.Arbitrary<unknown> {
  const mutation = fc.record({
    at: fc.nat(),
    value: hostileValue(),
    key: fc.constantFrom('extra', '\u0000', '\uD800', '__proto__', 'constructor', 'filter', 'id'),
  });
  return fc.tuple(valid, fc.array(mutation, { maxLength: max })).map(([value, mutations]) => {
    let result: unknown = value;
    for (const m of mutations) {
      // The root itself only when it is a leaf: odd whole bodies are the caller's to send.
      const all = placesOf(result);
      const places = all.length > 1 ? all.slice(1) : all;
      const place = places[m.at % places.length] as Path;
      result = replaced(result, place, m.value, m.key);
    }
    return result;
  });
}

const isDateLike = (schema: JsonSchema) =>
  schema.format === 'date' || schema.format === 'date-time' || (schema.pattern ?? '').includes('\\d{4}-');

/** One value `schema` accepts, every property present: the first choice of each enum and union. */
export function exampleOf(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives && alternatives.length > 0) return exampleOf(alternatives[0], depth + 1);
  if (isType(schema, 'object') || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, child]) => [
        key,
        hints[key] ? hints[key][0] : exampleOf(child, depth + 1),
      ]),
    );
  }
  if (isType(schema, 'array')) return schema.maxItems === 0 ? [] : [exampleOf(schema.items, depth + 1)];
  if (isType(schema, 'integer') || isType(schema, 'number')) {
    const min = schema.minimum ?? 1;
    const floor = schema.exclusiveMinimum === true ? min + 1 : min;
    return Math.min(Math.max(floor, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
  }
  if (isType(schema, 'boolean')) return true;
  if (isType(schema, 'string')) {
    if (schema.format === 'email') return 'uji@contoh.go.id';
    if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
    if (schema.format === 'date') return '2024-08-20';
    if (schema.format === 'date-time') return '2024-08-20T08:00:00+07:00';
    if (schema.pattern) {
      try {
        return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { numRuns: 1, seed: 1 })[0];
      } catch {
        // Below.
      }
    }
    return 'Uji coba data'.padEnd(schema.minLength ?? 0, '.').slice(0, schema.maxLength ?? 100);
  }
  return null;
}

/** The values planted in each leaf by the sweep: what PostgreSQL refuses, for the leaf's type. */
function sweepValues(schema: JsonSchema | undefined): unknown[] {
  if (!schema) return ['a\u0000b'];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return [...new Set(alternatives.flatMap(sweepValues))];
  if (isType(schema, 'integer') || isType(schema, 'number')) return [2_147_483_648];
  if (isType(schema, 'string') && !schema.enum && isDateLike(schema)) return ['a\u0000b', 'x\uD800y', '2024-02-30'];
  if (isType(schema, 'string') && !schema.enum) return ['a\u0000b', 'x\uD800y'];
  return ['a\u0000b'];
}

/**
 * The sweep of `schema`: its full example once with each leaf (at any depth) replaced by each of
 * the values PostgreSQL refuses for that leaf's type — so every field meets NUL, a lone surrogate,
 * an impossible date or an integer past int4 at least once, whatever the random runs draw.
 */
export function sweepOf(schema: JsonSchema | undefined): unknown[] {
  const base = exampleOf(schema);
  const out: unknown[] = [];
  const walk = (node: JsonSchema | undefined, value: unknown, path: Path, depth: number) => {
    const alternatives = node?.anyOf ?? node?.oneOf ?? node?.allOf;
    const first = alternatives?.[0];
    if (first && (first.properties || isType(first, 'object') || isType(first, 'array'))) {
      return walk(first, value, path, depth + 1);
    }
    if (node && depth < 6 && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(node.properties ?? {})) {
        walk(child, (value as Record<string, unknown>)[key], [...path, key], depth + 1);
      }
      if (Object.keys(node.properties ?? {}).length > 0) return;
    }
    if (node && depth < 6 && Array.isArray(value) && value.length > 0)
      return walk(node.items, value[0], [...path, 0], depth + 1);
    for (const hostile of sweepValues(node)) out.push(replaced(base, path, hostile, ''));
  };
  walk(schema, base, [], 0);
  return out;
}
