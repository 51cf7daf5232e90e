import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { z } from 'zod'
import { APP_ERROR_STATUS } from '#shared/errors.ts'

/**
 * Hostile requests generated from the app's own OpenAPI document (tests/api/fuzz.test.ts):
 * the operations and their schemas, a valid-shaped base request for each, the places a request
 * can carry a value (path, query, header, body field), fast-check arbitraries of hostile values
 * for each place, whether a mutated request must be refused, and what an answer may not say.
 */

// ---------------------------------------------------------------------------------------------
// The OpenAPI document
// ---------------------------------------------------------------------------------------------

/** The part of JSON Schema that @fastify/swagger's document uses here. */
export type JsonSchema = {
  type?: string | string[] | undefined
  properties?: Record<string, JsonSchema> | undefined
  required?: string[] | undefined
  items?: JsonSchema | undefined
  enum?: unknown[] | undefined
  const?: unknown
  anyOf?: JsonSchema[] | undefined
  oneOf?: JsonSchema[] | undefined
  allOf?: JsonSchema[] | undefined
  nullable?: boolean | undefined
  minLength?: number | undefined
  maxLength?: number | undefined
  pattern?: string | undefined
  format?: string | undefined
  minimum?: number | undefined
  maximum?: number | undefined
  exclusiveMinimum?: number | boolean | undefined
  exclusiveMaximum?: number | boolean | undefined
  default?: unknown
}

const jsonSchemaSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.object({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    properties: z.record(z.string(), jsonSchemaSchema).optional(),
    required: z.array(z.string()).optional(),
    items: jsonSchemaSchema.optional(),
    enum: z.array(z.unknown()).optional(),
    const: z.unknown().optional(),
    anyOf: z.array(jsonSchemaSchema).optional(),
    oneOf: z.array(jsonSchemaSchema).optional(),
    allOf: z.array(jsonSchemaSchema).optional(),
    nullable: z.boolean().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    pattern: z.string().optional(),
    format: z.string().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    exclusiveMinimum: z.union([z.number(), z.boolean()]).optional(),
    exclusiveMaximum: z.union([z.number(), z.boolean()]).optional(),
    default: z.unknown().optional(),
  }),
)

const parameterSchema = z.object({
  name: z.string(),
  in: z.string(),
  required: z.boolean().optional(),
  schema: jsonSchemaSchema.optional(),
})

const operationObjectSchema = z.object({
  parameters: z.array(parameterSchema).optional(),
  requestBody: z
    .object({
      required: z.boolean().optional(),
      content: z.record(z.string(), z.object({ schema: jsonSchemaSchema.optional() })),
    })
    .optional(),
})

const documentSchema = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) })

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

function isHttpMethod(value: string): value is HttpMethod {
  return HTTP_METHODS.some((method) => method === value)
}

export type Param = {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  schema: JsonSchema
}

export type Operation = {
  method: HttpMethod
  /** OpenAPI form, `/api/users/{id}`. */
  path: string
  /** `GET /api/users/{id}` */
  key: string
  params: Param[]
  /** The JSON body's schema, when the operation declares one. */
  body: JsonSchema | undefined
}

/** Every operation of the document, in document order, minus those `skip` names. */
export function operationsOf(document: unknown, skip: (path: string) => boolean): Operation[] {
  const parsed = documentSchema.parse(document)
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(parsed.paths)) {
    if (skip(path)) continue
    for (const [methodName, raw] of Object.entries(item)) {
      const method = methodName.toUpperCase()
      if (!isHttpMethod(method)) continue
      const operation = operationObjectSchema.parse(raw)
      const params: Param[] = []
      for (const param of operation.parameters ?? []) {
        if (param.in !== 'path' && param.in !== 'query' && param.in !== 'header') continue
        params.push({
          name: param.name,
          in: param.in,
          required: param.required === true || param.in === 'path',
          schema: param.schema ?? {},
        })
      }
      const content = operation.requestBody?.content ?? {}
      const body = content['application/json']?.schema
      operations.push({ method, path, key: `${method} ${path}`, params, body })
    }
  }
  return operations
}

// ---------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------

/**
 * A value in a URL: `text` is what the server decodes (undefined when the encoding is broken on
 * purpose and a decoder may do either thing), `raw` the encoded form to send when it is not
 * simply encodeURIComponent(text).
 */
export type UrlValue = { text: string | undefined; raw?: string }

export type FuzzBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  /** Exactly these bytes, as JSON: raw number tokens, deep nesting, broken JSON. */
  | { kind: 'text'; text: string }

export type FuzzRequest = {
  operation: Operation
  pathParams: Record<string, UrlValue>
  /** In order; a name may repeat; a null value is a bare `name` with no `=`. */
  query: { name: string; value: UrlValue | null }[]
  headers: Record<string, string>
  body: FuzzBody
}

export const OMIT = Symbol('omit')
/** A plausible value for a field, parameter or header by its name and place, or OMIT. */
export type Hints = (place: { operation: Operation; location: string; path: string[] }) => unknown

/**
 * A valid value for a query parameter of `route` by its name (undefined for a name no route
 * uses): what both suites built on the document send unless they are testing that parameter.
 */
export function validQueryValue(route: string, name: string): unknown {
  const values: Record<string, unknown> = {
    currency: 'NGN',
    q: 'chi',
    cursor: OMIT,
    limit: 5,
    from: '2024-01-01',
    to: '2030-12-31',
    days: 30,
    tzOffset: 60,
    bankCode: '057',
    accountNumber: route.startsWith('/api/billers') ? '45067123456' : '0123456789',
    billType: 'electricity',
    provider: 'ikeja-electric',
    returnTo: '/wallets',
    mode: 'signin',
    kind: 'bank',
    amount: '100.00',
  }
  return values[name]
}

function encodeUrlValue(value: UrlValue): string {
  if (value.raw !== undefined) return value.raw
  return encodeURIComponent(value.text ?? '')
}

export function urlOf(request: FuzzRequest): string {
  const path = request.operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const value = request.pathParams[name]
    return value ? encodeUrlValue(value) : ''
  })
  const query = request.query
    .map(({ name, value }) =>
      value === null
        ? encodeURIComponent(name)
        : `${encodeURIComponent(name)}=${encodeUrlValue(value)}`,
    )
    .join('&')
  return query ? `${path}?${query}` : path
}

export function bodyText(body: FuzzBody): string | undefined {
  if (body.kind === 'none') return undefined
  if (body.kind === 'text') return body.text
  return JSON.stringify(body.value)
}

function schemaTypes(schema: JsonSchema): string[] {
  if (schema.type === undefined) return []
  return typeof schema.type === 'string' ? [schema.type] : schema.type
}

/** The alternatives of anyOf/oneOf, or the schema itself. */
function alternatives(schema: JsonSchema): JsonSchema[] {
  return schema.anyOf ?? schema.oneOf ?? [schema]
}

/** A plausible value for a schema when no hint names one. */
export function exampleOf(
  schema: JsonSchema,
  hints: Hints,
  operation: Operation,
  location: string,
  path: string[],
): unknown {
  const hinted = hints({ operation, location, path })
  if (hinted !== undefined) return hinted
  const chosen = alternatives(schema)[0] ?? schema
  if (chosen.enum && chosen.enum.length > 0) return chosen.enum[0]
  if (chosen.const !== undefined) return chosen.const
  const types = schemaTypes(chosen)
  if (types.includes('object') || chosen.properties) {
    const value: Record<string, unknown> = {}
    for (const [name, property] of Object.entries(chosen.properties ?? {})) {
      const example = exampleOf(property, hints, operation, location, [...path, name])
      if (example !== OMIT) setOwn(value, name, example)
    }
    return value
  }
  if (types.includes('array')) return []
  if (types.includes('boolean')) return false
  if (types.includes('integer') || types.includes('number')) {
    return Math.max(chosen.minimum ?? 1, Math.min(chosen.maximum ?? 1, 1))
  }
  if (chosen.format === 'uuid') return randomUUID()
  if (chosen.format === 'date') return '2024-01-15'
  const length = Math.min(Math.max(chosen.minLength ?? 4, 4), chosen.maxLength ?? 4)
  return 'fuzz'.padEnd(length, 'z').slice(0, Math.max(length, 1))
}

/** Sets an own property, `__proto__` included (a plain assignment would set the prototype). */
export function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    configurable: true,
    writable: true,
  })
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value) ?? ''
}

/** The valid-shaped request for an operation: every declared parameter and body field filled. */
export function baseRequest(operation: Operation, hints: Hints): FuzzRequest {
  const pathParams: Record<string, UrlValue> = {}
  const query: { name: string; value: UrlValue | null }[] = []
  const headers: Record<string, string> = {}
  for (const param of operation.params) {
    const example = exampleOf(param.schema, hints, operation, param.in, [param.name])
    if (example === OMIT) continue
    if (param.in === 'path') pathParams[param.name] = { text: textOf(example) }
    else if (param.in === 'query')
      query.push({ name: param.name, value: { text: textOf(example) } })
    else headers[param.name] = textOf(example)
  }
  let body: FuzzBody = { kind: 'none' }
  if (operation.body) {
    const example = exampleOf(operation.body, hints, operation, 'body', [])
    body = { kind: 'json', value: example === OMIT ? {} : example }
  }
  return { operation, pathParams, query, headers, body }
}

// ---------------------------------------------------------------------------------------------
// Where a request carries values, and hostile values for each place
// ---------------------------------------------------------------------------------------------

export type Slot =
  | { location: 'path' | 'query' | 'header'; name: string; schema: JsonSchema | undefined }
  | { location: 'body'; path: string[]; schema: JsonSchema }
  /** The whole body: another JSON type, broken JSON, deep nesting. */
  | { location: 'body-root' }
  /** An extra key in the body object (prototype keys, mass assignment). */
  | { location: 'body-extra' }
  /** An undeclared query parameter. */
  | { location: 'query-extra' }

/** Headers every route reads or a proxy sets, on top of those the document declares. */
const COMMON_HEADERS = [
  'user-agent',
  'cookie',
  'x-forwarded-for',
  'accept',
  'accept-encoding',
  'accept-language',
  'origin',
  'referer',
  'idempotency-key',
  'authorization',
  'sec-fetch-site',
]

function bodySlots(schema: JsonSchema, path: string[], slots: Slot[]): void {
  const chosen = alternatives(schema)[0] ?? schema
  for (const [name, property] of Object.entries(chosen.properties ?? {})) {
    const fieldPath = [...path, name]
    slots.push({ location: 'body', path: fieldPath, schema: property })
    const inner = alternatives(property)[0] ?? property
    if (inner.properties) bodySlots(inner, fieldPath, slots)
  }
}

export function slotsOf(operation: Operation): Slot[] {
  const slots: Slot[] = []
  for (const param of operation.params) {
    slots.push({ location: param.in, name: param.name, schema: param.schema })
  }
  for (const name of COMMON_HEADERS) {
    if (!operation.params.some((param) => param.in === 'header' && param.name === name)) {
      slots.push({ location: 'header', name, schema: undefined })
    }
  }
  slots.push({ location: 'query-extra' })
  if (operation.body) {
    bodySlots(operation.body, [], slots)
    slots.push({ location: 'body-root' }, { location: 'body-extra' })
  }
  return slots
}

export function describeSlot(slot: Slot): string {
  switch (slot.location) {
    case 'body':
      return `body.${slot.path.join('.')}`
    case 'body-root':
      return 'body'
    case 'body-extra':
      return 'body.<extra key>'
    case 'query-extra':
      return 'query.<extra>'
    default:
      return `${slot.location}.${slot.name}`
  }
}

/** A hostile value: its class (for grouping findings) and what to put in the place. */
export type Hostile =
  /** A JSON value (body places). */
  | { cls: string; kind: 'json'; value: unknown }
  /** A raw JSON text in place of the value: numbers JSON.parse cannot keep, deep nesting. */
  | { cls: string; kind: 'raw'; token: string }
  /** A text (URL and header places; a string in body places). */
  | { cls: string; kind: 'text'; value: UrlValue }
  /** Leave the value out. */
  | { cls: string; kind: 'drop' }
  /** Send the parameter twice (query). */
  | { cls: string; kind: 'repeat'; value: string }
  /** A bare `name` with no `=` (query). */
  | { cls: string; kind: 'flag' }
  /** An extra key and its value (body-extra, query-extra). */
  | { cls: string; kind: 'extra'; key: string; value: unknown }

export type Mutation = { slot: Slot; hostile: Hostile }

const base64url = (text: string) => Buffer.from(text).toString('base64url')
const ascii = (maxLength: number) => fc.string({ unit: 'grapheme-ascii', maxLength })
const text = (cls: string, arbitrary: fc.Arbitrary<string>): fc.Arbitrary<Hostile> =>
  arbitrary.map((value) => ({ cls, kind: 'text', value: { text: value } }))
const json = (cls: string, arbitrary: fc.Arbitrary<unknown>): fc.Arbitrary<Hostile> =>
  arbitrary.map((value) => ({ cls, kind: 'json', value }))
const raw = (cls: string, arbitrary: fc.Arbitrary<string>): fc.Arbitrary<Hostile> =>
  arbitrary.map((token) => ({ cls, kind: 'raw', token }))

const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00\ud83d']

/** Text PostgreSQL cannot store: a NUL byte somewhere in it. */
export const nulText = fc
  .tuple(ascii(6), ascii(6))
  .map(([before, after]) => `${before}\u0000${after}`)
/** Text that is not Unicode: an unpaired UTF-16 surrogate somewhere in it. */
export const surrogateText = fc
  .tuple(ascii(4), fc.constantFrom(...LONE_SURROGATES), ascii(4))
  .map(([before, lone, after]) => `${before}${lone}${after}`)
/** Far over any declared maximum (a body stays under the 64 KB limit). */
export const longText = (atLeast: number, atMost = 20_000) =>
  fc
    .integer({ min: Math.min(atLeast, atMost), max: atMost })
    .chain((length) =>
      fc
        .constantFrom('a', 'Z9', 'é', '€x')
        .map((unit) => unit.repeat(Math.ceil(length / unit.length))),
    )
/** Values that look like an attack or trip a naive parser; all of them are storable text. */
export const craftedText = fc.constantFrom(
  "' or 1=1--",
  '"; drop table users; --',
  "'; select pg_sleep(5); --",
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  `\${7*7}`,
  '{{7*7}}',
  '<script>alert(1)</script>',
  '%',
  '%00',
  '\\',
  '\r\n',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  '\u202eevil',
  'zero\u200bwidth',
  '\ufeffbom',
  'İstanbul',
  'straße',
  '𝟘𝟙𝟚',
  '١٢٣',
  '１２３',
  'line\u2028sep',
  'e\u0301',
  '\u0001\u001b[31m',
  '💸💸💸',
  ' ',
  '',
)
/** Numbers written as text, valid and not, that a parser may read differently. */
export const numericText = fc.constantFrom(
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '1e308',
  '-1',
  '-0',
  '0',
  '0x10',
  '1_000',
  '1,000',
  '+1',
  ' 1 ',
  '.5',
  '5.',
  '1e3',
  '1e-20',
  '0.001',
  '00000000000000000001',
  '9223372036854775808',
  '-9223372036854775809',
  '99999999999999999999999999999999999999',
  '2147483648',
)
/** Dates at and beyond PostgreSQL's and JavaScript's ranges, and impossible ones. */
export const dateText = fc.constantFrom(
  '0000-01-01',
  '9999-12-31',
  '275760-09-13',
  '+275760-09-13',
  '-000001-01-01',
  '-271821-04-20',
  '0001-01-01',
  '1969-12-31',
  '1970-01-01',
  '2038-01-19',
  '10000-01-01',
  '2024-02-30',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-1-1',
  '2024-01-01T00:00:00Z',
  '4714-11-24 BC',
  'infinity',
  '-infinity',
  'epoch',
  'today',
)
/** Ids that are almost, or not at all, uuids. */
export const craftedId = fc.oneof(
  fc.constantFrom(
    '../',
    '..',
    "' or 1=1--",
    '0',
    '-1',
    '1',
    'me',
    'null',
    '*',
    '-'.repeat(36),
    'f'.repeat(36),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'g0000000-0000-4000-8000-000000000000',
  ),
  fc.uuid().map((id) => `${id}a`),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 37, maxLength: 37 }),
  fc.uuid().map((id) => id.toUpperCase()),
  fc.uuid().map((id) => id.replaceAll('-', '')),
  fc.uuid().map((id) => `{${id}}`),
  fc.uuid().map((id) => `${id}\u0000`),
  fc.uuid().map((id) => `${id.slice(0, 8)}\u0000${id.slice(9)}`),
  fc.uuid().map((id) => `${id},${id}`),
)
/** History cursors: base64url of `<ISO date>|<id>`, with impossible dates, ids or neither. */
export const craftedCursor = fc.oneof(
  fc.constantFrom(
    base64url('0000-01-01T00:00:00Z|x'),
    base64url('|'),
    base64url('x|y|z'),
    base64url(`2024-01-01T00:00:00.000Z|${'-'.repeat(36)}`),
    base64url(`2024-01-01T00:00:00.000Z|${'g'.repeat(36)}`),
    base64url(`2024-01-01T00:00:00.000Z|${'0'.repeat(36)}`),
    '',
    '====',
    '!!!!',
  ),
  fc.uuid().map((id) => base64url(`0000-01-01T00:00:00.000000Z|${id}`)),
  fc.uuid().map((id) => base64url(`9999-12-31T23:59:59.999999Z|${id}`)),
  fc.uuid().map((id) => base64url(`2024-02-30T25:61:00.000000Z|${id}`)),
  fc
    .tuple(fc.date({ noInvalidDate: true }), fc.uuid())
    .map(([date, id]) => base64url(`${date.toISOString().replace(/Z$/, '000Z')}|${id}`)),
  fc.uuid().map((id) => base64url(`275760-09-13T00:00:00.000Z|${id}`)),
  fc.uuid().map((id) => base64url(`+275760-09-13T00:00:00.000Z|${id}`)),
  fc.uuid().map((id) => base64url(`0000-01-01T00:00:00.000Z|${id}`)),
  fc.uuid().map((id) => base64url(`-000001-01-01T00:00:00.000Z|${id}`)),
  fc.uuid().map((id) => base64url(`9999-12-31T23:59:59.999Z|${id}`)),
  fc.uuid().map((id) => base64url(`1|${id}`)),
  fc.uuid().map((id) => base64url(`2024-01-01T00:00:00.000Z|${id}\u0000`)),
  fc.uuid().map((id) => base64url(`2024-01-01T00:00:00.000Z|${id.slice(0, 35)}'`)),
  fc
    .tuple(fc.date({ noInvalidDate: true }), fc.uuid())
    .map(([date, id]) => base64url(`${date.toISOString()}|${id}`)),
  fc.base64String({ maxLength: 120 }),
  ascii(60).map(base64url),
)

/** Values of the wrong JSON type for any field (which of them are wrong depends on the field). */
const wrongType = fc.oneof(
  fc.constantFrom<unknown>({}, [], null, true, false, 0, 1, '', [null], [''], ['a', 'b'], {
    length: 1,
  }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(JSON.parse('{"__proto__":{"isAdmin":true}}')),
  fc.constant(JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}')),
)
const hostileNumbers = fc.constantFrom<unknown>(
  1e308,
  -1e308,
  -1,
  -0.01,
  0,
  2 ** 63,
  2 ** 53 + 2,
  2 ** 31,
  1e-20,
  0.001,
  0.1,
  1e21,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
)
/** Raw JSON number tokens and nestings: what JSON.parse reads as Infinity, 0 or a stack. */
const rawTokens = fc.oneof(
  fc.constantFrom(
    '1e999',
    '-1e999',
    '-0',
    '1E2',
    `1${'0'.repeat(400)}`,
    `0.${'0'.repeat(400)}1`,
    '9007199254740993',
    '123456789012345678901234567890.5',
  ),
  fc.integer({ min: 500, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc
    .integer({ min: 200, max: 5_000 })
    .map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
)
/** Whole bodies that are not the object the route wants, or not JSON at all. */
const hostileBodies = fc.oneof(
  raw('body-not-object', fc.constantFrom('[]', '"text"', '123', 'null', 'true', '[{}]')),
  raw(
    'broken-json',
    fc.constantFrom('{', '{"a":', '', ' ', '{"a":1,}', "{'a':1}", 'NaN', '\u0000'),
  ),
  raw(
    'deep-nesting',
    rawTokens.filter((token) => token.startsWith('[') || token.startsWith('{')),
  ),
)
const extraKeys = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'userId',
  'balance',
  'isAdmin',
  'role',
  'id',
  '',
  'a\u0000b',
  '\ud800',
  'x'.repeat(2_000),
)
/** Text for headers: printable ASCII only, as an HTTP client can send. */
const headerText = fc.oneof(
  ascii(40).filter((value) => /^[\x20-\x7e]*$/.test(value)),
  fc.integer({ min: 8 * 1024, max: 16 * 1024 }).map((length) => 'h'.repeat(length)),
  fc.constantFrom(
    "' or 1=1--",
    '../../etc/passwd',
    'null',
    '',
    ' ',
    '1.2.3.4, 5.6.7.8',
    '999.999.999.999',
    '::ffff:1.2.3.4',
    'unknown',
    '[::1]:80',
    `${'1.2.3.4, '.repeat(2000)}1.2.3.4`,
    'sabi_sid=s%3Agarbage.signature',
    `sabi_sid=${'x'.repeat(9000)}`,
    'a=1; a=2; sabi_sid=; sabi_sid=%',
    'gzip;q=1e999, br;q=NaN, *;q=-1',
    '*/*;q=NaN',
    'xx-XX;q=2, *;q=0.5, ;;;',
    'http://evil.example',
    'null',
    'cross-site',
    'Bearer x',
  ),
)
/** Encodings a decoder may refuse or replace: lone surrogates and overlong forms in UTF-8. */
const brokenEncodings = fc.constantFrom(
  '%ED%A0%80',
  '%ED%B0%80',
  'x%ED%B0%80y',
  '%F0%9F',
  '%C0%80',
  '%FF',
  '%',
  '%E0%A4%A',
  '%%30',
)

function isNumberish(schema: JsonSchema): boolean {
  return alternatives(schema).some((entry) =>
    schemaTypes(entry).some((type) => type === 'integer' || type === 'number'),
  )
}

function isIdLike(name: string, schema: JsonSchema | undefined): boolean {
  return schema?.format === 'uuid' || name === 'id' || /Id$/.test(name)
}

function isDateLike(name: string, schema: JsonSchema | undefined): boolean {
  return schema?.format === 'date' || name === 'from' || name === 'to'
}

function maxLengthOf(schema: JsonSchema | undefined): number {
  const lengths = alternatives(schema ?? {}).flatMap((entry) =>
    entry.maxLength === undefined ? [] : [entry.maxLength],
  )
  return lengths.length > 0 ? Math.max(...lengths) : 200
}

/** Hostile texts for a URL place (path or query parameter). */
function urlHostiles(name: string, schema: JsonSchema | undefined): fc.Arbitrary<Hostile> {
  const choices: fc.WeightedArbitrary<Hostile>[] = [
    { weight: 3, arbitrary: text('nul', nulText) },
    {
      weight: 2,
      arbitrary: brokenEncodings.map((encoded) => ({
        cls: 'broken-utf8',
        kind: 'text',
        value: { text: undefined, raw: encoded },
      })),
    },
    { weight: 2, arbitrary: text('over-long', longText(maxLengthOf(schema) + 1, 5_000)) },
    { weight: 2, arbitrary: text('crafted-text', craftedText) },
    { weight: 1, arbitrary: text('ascii', ascii(30)) },
    { weight: 2, arbitrary: text('numeric-text', numericText) },
    { weight: 1, arbitrary: text('crafted-id', craftedId) },
  ]
  if (isIdLike(name, schema)) choices.push({ weight: 5, arbitrary: text('crafted-id', craftedId) })
  if (isDateLike(name, schema)) choices.push({ weight: 6, arbitrary: text('date', dateText) })
  if (name === 'cursor') choices.push({ weight: 10, arbitrary: text('cursor', craftedCursor) })
  if (schema && isNumberish(schema)) {
    choices.push({ weight: 4, arbitrary: text('numeric-text', numericText) })
  }
  return fc.oneof(...choices)
}

/** Hostile values for a JSON body field. */
function bodyHostiles(path: string[], schema: JsonSchema): fc.Arbitrary<Hostile> {
  const name = path.at(-1) ?? ''
  const choices: fc.WeightedArbitrary<Hostile>[] = [
    { weight: 3, arbitrary: json('nul', nulText) },
    { weight: 3, arbitrary: json('lone-surrogate', surrogateText) },
    { weight: 2, arbitrary: json('over-long', longText(maxLengthOf(schema) + 1)) },
    { weight: 3, arbitrary: json('wrong-type', wrongType) },
    { weight: 2, arbitrary: json('crafted-text', craftedText) },
    { weight: 1, arbitrary: json('out-of-range', hostileNumbers) },
    { weight: 1, arbitrary: raw('raw-number', rawTokens) },
    { weight: 1, arbitrary: fc.constant<Hostile>({ cls: 'missing', kind: 'drop' }) },
  ]
  if (isNumberish(schema) || name === 'amount') {
    choices.push(
      { weight: 5, arbitrary: json('out-of-range', hostileNumbers) },
      { weight: 3, arbitrary: json('numeric-text', numericText) },
      { weight: 2, arbitrary: raw('raw-number', rawTokens) },
    )
  }
  if (isIdLike(name, schema)) choices.push({ weight: 4, arbitrary: json('crafted-id', craftedId) })
  if (isDateLike(name, schema)) choices.push({ weight: 4, arbitrary: json('date', dateText) })
  return fc.oneof(...choices)
}

/** The hostile values fast-check draws for one place of a request. */
export function hostilesFor(slot: Slot): fc.Arbitrary<Hostile> {
  switch (slot.location) {
    case 'path':
      return urlHostiles(slot.name, slot.schema)
    case 'query':
      return fc.oneof(
        { weight: 8, arbitrary: urlHostiles(slot.name, slot.schema) },
        {
          weight: 1,
          arbitrary: ascii(8).map((value): Hostile => ({ cls: 'repeated', kind: 'repeat', value })),
        },
        { weight: 1, arbitrary: fc.constant<Hostile>({ cls: 'bare-flag', kind: 'flag' }) },
        { weight: 1, arbitrary: fc.constant<Hostile>({ cls: 'missing', kind: 'drop' }) },
      )
    case 'header':
      return fc.oneof(
        { weight: 8, arbitrary: text('header', headerText) },
        { weight: 1, arbitrary: fc.constant<Hostile>({ cls: 'missing', kind: 'drop' }) },
      )
    case 'query-extra':
      return fc.oneof(
        fc
          .tuple(fc.constantFrom('__proto__', 'constructor', 'x', 'limit[]', 'a[b]', ''), nulText)
          .map(([key, value]): Hostile => ({ cls: 'extra-param-nul', kind: 'extra', key, value })),
        fc
          .tuple(
            fc.constantFrom('__proto__', 'constructor[prototype]', 'x', 'a[b][c]', ''),
            fc.oneof(ascii(20), longText(1_000, 100_000)),
          )
          .map(([key, value]): Hostile => ({ cls: 'extra-param', kind: 'extra', key, value })),
      )
    case 'body':
      return bodyHostiles(slot.path, slot.schema)
    case 'body-root':
      return hostileBodies
    case 'body-extra':
      return fc
        .tuple(extraKeys, fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ isAdmin: true })))
        .map(([key, value]): Hostile => ({ cls: 'extra-key', kind: 'extra', key, value }))
  }
}

const SOME_UUID = '3f2b8c1e-6d4a-4e7b-9c2d-1a5e8f7b6c40'

/** The crafted values of the issue, tried in every place they fit whatever the seed. */
function craftedSweep(
  name: string,
  schema: JsonSchema | undefined,
): { cls: string; text: string }[] {
  const sweep: { cls: string; text: string }[] = []
  if (name === 'cursor') {
    for (const cursor of [
      '0000-01-01T00:00:00Z|x',
      `0000-01-01T00:00:00.000Z|${SOME_UUID}`,
      `0000-01-01T00:00:00.000000Z|${SOME_UUID}`,
      `9999-12-31T23:59:59.999999Z|${SOME_UUID}`,
      `2024-02-30T00:00:00.000000Z|${SOME_UUID}`,
      `275760-09-13T00:00:00.000Z|${SOME_UUID}`,
      `+275760-09-13T00:00:00.000Z|${SOME_UUID}`,
      `-000001-01-01T00:00:00.000Z|${SOME_UUID}`,
      `2024-01-01T00:00:00.000Z|${'-'.repeat(36)}`,
      `2024-01-01T00:00:00.000Z|${SOME_UUID}'`,
    ]) {
      sweep.push({ cls: 'cursor', text: base64url(cursor) })
    }
    sweep.push({ cls: 'cursor', text: 'bm90IGEgY3Vyc29y' }, { cls: 'cursor', text: '!!!!' })
  }
  if (isDateLike(name, schema)) {
    for (const date of [
      '0000-01-01',
      '9999-12-31',
      '275760-09-13',
      '-000001-01-01',
      '2024-02-30',
    ]) {
      sweep.push({ cls: 'date', text: date })
    }
  }
  if (isIdLike(name, schema)) {
    for (const id of [
      '../',
      "' or 1=1--",
      `${SOME_UUID}a`,
      `${SOME_UUID.slice(0, 8)}\u0000${SOME_UUID.slice(9)}`,
      '-'.repeat(36),
      SOME_UUID.replace(/^./, 'g'),
    ]) {
      sweep.push({ cls: 'crafted-id', text: id })
    }
  }
  if (schema && isNumberish(schema)) {
    for (const number of [
      '1e308',
      '-1',
      '9223372036854775808',
      '1e-20',
      'NaN',
      'Infinity',
      '1e999',
    ]) {
      sweep.push({ cls: 'numeric-text', text: number })
    }
  }
  return sweep
}

/**
 * The values each place gets whatever the seed, so that every run tries NUL bytes, lone
 * surrogates, over-long text and a wrong type in every field and parameter, and the issue's
 * crafted cursors, dates, ids and numbers wherever they fit.
 */
export function sweepFor(slot: Slot): Hostile[] {
  const long = (length: number) => 'a'.repeat(length)
  switch (slot.location) {
    case 'path':
    case 'query':
      return [
        { cls: 'nul', kind: 'text', value: { text: 'a\u0000b' } },
        { cls: 'broken-utf8', kind: 'text', value: { text: undefined, raw: 'x%ED%B0%80y' } },
        {
          cls: 'over-long',
          kind: 'text',
          value: { text: long(Math.min(maxLengthOf(slot.schema) * 4 + 10, 5_000)) },
        },
        ...craftedSweep(slot.name, slot.schema).map(
          ({ cls, text }): Hostile => ({ cls, kind: 'text', value: { text } }),
        ),
      ]
    case 'header':
      if (slot.schema) {
        return [
          { cls: 'header', kind: 'text', value: { text: long(16 * 1024) } },
          { cls: 'header', kind: 'text', value: { text: "' or 1=1--" } },
          { cls: 'missing', kind: 'drop' },
        ]
      }
      return slot.name === 'x-forwarded-for'
        ? [{ cls: 'header', kind: 'text', value: { text: `${'1.2.3.4, '.repeat(1_000)}x` } }]
        : []
    case 'body': {
      const sweep: Hostile[] = [
        { cls: 'nul', kind: 'json', value: 'a\u0000b' },
        { cls: 'lone-surrogate', kind: 'json', value: 'x\udc00y' },
        { cls: 'lone-surrogate', kind: 'json', value: '\ud800' },
        { cls: 'over-long', kind: 'json', value: long(maxLengthOf(slot.schema) * 4 + 10) },
        { cls: 'wrong-type', kind: 'json', value: { nested: ['value'] } },
        ...craftedSweep(slot.path.at(-1) ?? '', slot.schema).map(
          ({ cls, text }): Hostile => ({ cls, kind: 'json', value: text }),
        ),
      ]
      if (isNumberish(slot.schema) || slot.path.at(-1) === 'amount') {
        sweep.push(
          { cls: 'out-of-range', kind: 'json', value: 1e308 },
          { cls: 'out-of-range', kind: 'json', value: 2 ** 63 },
          { cls: 'out-of-range', kind: 'json', value: -1 },
          { cls: 'out-of-range', kind: 'json', value: 1e-20 },
          { cls: 'out-of-range', kind: 'json', value: 2 ** 31 },
          { cls: 'out-of-range', kind: 'json', value: Number.MAX_SAFE_INTEGER },
          { cls: 'numeric-text', kind: 'json', value: '1e999' },
          { cls: 'raw-number', kind: 'raw', token: '1e999' },
        )
      }
      return sweep
    }
    case 'body-root':
      return [
        { cls: 'deep-nesting', kind: 'raw', token: `${'['.repeat(5_000)}${']'.repeat(5_000)}` },
        { cls: 'body-not-object', kind: 'raw', token: '[]' },
      ]
    case 'body-extra':
      return [
        { cls: 'extra-key', kind: 'extra', key: '__proto__', value: { isAdmin: true } },
        {
          cls: 'extra-key',
          kind: 'extra',
          key: 'constructor',
          value: { prototype: { isAdmin: true } },
        },
      ]
    default:
      return []
  }
}

/** How often fast-check picks a place: declared parameters and fields far more than headers. */
function weightOf(slot: Slot): number {
  switch (slot.location) {
    case 'path':
    case 'query':
    case 'body':
      return 6
    case 'header':
      return slot.schema ? 4 : 1
    default:
      return 2
  }
}

/** One random mutation of an operation: a place (weighted) and a hostile value for it. */
export function mutationArbitrary(slots: Slot[]): fc.Arbitrary<Mutation> {
  return fc.oneof(
    ...slots.map((slot) => ({
      weight: weightOf(slot),
      arbitrary: hostilesFor(slot).map((hostile): Mutation => ({ slot, hostile })),
    })),
  )
}

// ---------------------------------------------------------------------------------------------
// Applying a mutation
// ---------------------------------------------------------------------------------------------

const RAW_MARKER = '\u0002raw-token\u0003'

function cloneJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(cloneJson)
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = {}
    for (const [key, entry] of Object.entries(value)) setOwn(copy, key, cloneJson(entry))
    return copy
  }
  return value
}

/** Puts (or with `drop`, removes) a value at a body path, making parent objects as needed. */
function setAt(root: unknown, path: string[], value: unknown, drop: boolean): unknown {
  if (path.length === 0) return value
  const [head = '', ...rest] = path
  const container: Record<string, unknown> = {}
  if (typeof root === 'object' && root !== null && !Array.isArray(root)) {
    for (const [key, entry] of Object.entries(root)) setOwn(container, key, entry)
  }
  if (rest.length === 0) {
    if (drop) delete container[head]
    else setOwn(container, head, value)
    return container
  }
  setOwn(container, head, setAt(container[head], rest, value, drop))
  return container
}

export function applyMutation(request: FuzzRequest, mutation: Mutation): FuzzRequest {
  const next: FuzzRequest = {
    operation: request.operation,
    pathParams: { ...request.pathParams },
    query: request.query.map((entry) => ({ ...entry })),
    headers: { ...request.headers },
    body:
      request.body.kind === 'json'
        ? { kind: 'json', value: cloneJson(request.body.value) }
        : request.body,
  }
  const { slot, hostile } = mutation
  switch (slot.location) {
    case 'path': {
      if (hostile.kind === 'text') next.pathParams[slot.name] = hostile.value
      else if (hostile.kind === 'drop') next.pathParams[slot.name] = { text: '' }
      return next
    }
    case 'query': {
      const others = next.query.filter((entry) => entry.name !== slot.name)
      const current = next.query.find((entry) => entry.name === slot.name)?.value ?? { text: '1' }
      if (hostile.kind === 'text') others.push({ name: slot.name, value: hostile.value })
      else if (hostile.kind === 'repeat')
        others.push(
          { name: slot.name, value: current },
          { name: slot.name, value: { text: hostile.value } },
        )
      else if (hostile.kind === 'flag') others.push({ name: slot.name, value: null })
      next.query = others
      return next
    }
    case 'query-extra': {
      if (hostile.kind === 'extra') {
        next.query.push({ name: hostile.key, value: { text: textOf(hostile.value) } })
      }
      return next
    }
    case 'header': {
      if (hostile.kind === 'text') next.headers[slot.name] = hostile.value.text ?? ''
      else if (hostile.kind === 'drop') delete next.headers[slot.name]
      return next
    }
    case 'body': {
      const current = next.body.kind === 'json' ? next.body.value : {}
      if (hostile.kind === 'drop') {
        next.body = { kind: 'json', value: setAt(current, slot.path, undefined, true) }
      } else if (hostile.kind === 'json') {
        next.body = { kind: 'json', value: setAt(current, slot.path, hostile.value, false) }
      } else if (hostile.kind === 'text') {
        next.body = { kind: 'json', value: setAt(current, slot.path, hostile.value.text, false) }
      } else if (hostile.kind === 'raw') {
        const marked = JSON.stringify(setAt(current, slot.path, RAW_MARKER, false))
        next.body = {
          kind: 'text',
          text: marked.replace(JSON.stringify(RAW_MARKER), hostile.token),
        }
      }
      return next
    }
    case 'body-root': {
      if (hostile.kind === 'raw') next.body = { kind: 'text', text: hostile.token }
      else if (hostile.kind === 'json') next.body = { kind: 'json', value: hostile.value }
      return next
    }
    case 'body-extra': {
      if (hostile.kind === 'extra') {
        const current = next.body.kind === 'json' ? next.body.value : {}
        next.body = { kind: 'json', value: setAt(current, [hostile.key], hostile.value, false) }
      }
      return next
    }
  }
}

export function describeHostile(hostile: Hostile): string {
  const show = (value: unknown) => truncate(JSON.stringify(value) ?? String(value), 60)
  switch (hostile.kind) {
    case 'json':
      return show(hostile.value)
    case 'raw':
      return `raw ${truncate(hostile.token, 40)}`
    case 'text':
      return hostile.value.text === undefined
        ? `raw ${hostile.value.raw ?? ''}`
        : show(hostile.value.text)
    case 'drop':
      return '(left out)'
    case 'repeat':
      return `(twice, then ${show(hostile.value)})`
    case 'flag':
      return '(bare name, no =)'
    case 'extra':
      return `${show(hostile.key)}: ${show(hostile.value)}`
  }
}

export function truncate(value: string, length: number): string {
  return value.length <= length ? value : `${value.slice(0, length)}…(${value.length} chars)`
}

// ---------------------------------------------------------------------------------------------
// Must the server refuse it?
// ---------------------------------------------------------------------------------------------

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Text PostgreSQL cannot store: a NUL byte, or a UTF-16 surrogate without its pair. */
export function isUnstorableText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value)
}

/** Whether any string or key in a JSON value is text PostgreSQL cannot store (no recursion). */
function holdsUnstorableText(root: unknown): boolean {
  const stack: unknown[] = [root]
  while (stack.length > 0) {
    const value = stack.pop()
    if (typeof value === 'string') {
      if (isUnstorableText(value)) return true
    } else if (Array.isArray(value)) {
      stack.push(...value)
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, entry] of Object.entries(value)) {
        if (isUnstorableText(key)) return true
        stack.push(entry)
      }
    }
  }
  return false
}

/**
 * Whether a value certainly breaks its schema, judged leniently where zod transforms before it
 * checks (trims, strips spaces): a value counted as breaking it breaks it however it is read.
 * `query` reads numbers as zod's coerce does.
 */
export function violates(schema: JsonSchema, value: unknown, mode: 'json' | 'query'): boolean {
  if (schema.anyOf) return schema.anyOf.every((entry) => violates(entry, value, mode))
  if (schema.oneOf) return schema.oneOf.every((entry) => violates(entry, value, mode))
  if (schema.allOf?.some((entry) => violates(entry, value, mode))) return true
  const types = schemaTypes(schema)
  if (value === null) return !(schema.nullable === true || types.includes('null'))
  if (schema.enum) {
    const candidates: unknown[] = typeof value === 'string' ? [value, value.trim()] : [value]
    if (!schema.enum.some((entry) => candidates.includes(entry))) return true
  }
  if (schema.const !== undefined && value !== schema.const) return true
  const type = types.find((entry) => entry !== 'null')
  switch (type) {
    case 'string':
      return typeof value !== 'string' || stringViolates(schema, value)
    case 'integer':
    case 'number': {
      let number: number
      if (mode === 'query') {
        if (typeof value !== 'string') return true
        number = Number(value)
      } else {
        if (typeof value !== 'number') return true
        number = value
      }
      if (!Number.isFinite(number)) return true
      if (type === 'integer' && !Number.isSafeInteger(number)) return true
      if (schema.minimum !== undefined && number < schema.minimum) return true
      if (schema.maximum !== undefined && number > schema.maximum) return true
      return false
    }
    case 'boolean':
      return typeof value !== 'boolean'
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return true
      const entries = new Map(Object.entries(value))
      for (const name of schema.required ?? []) {
        if (entries.get(name) === undefined) return true
      }
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        const entry = entries.get(name)
        if (entry !== undefined && violates(property, entry, mode)) return true
      }
      return false
    }
    case 'array':
      return (
        !Array.isArray(value) ||
        (schema.items !== undefined &&
          value.some((entry) => schema.items !== undefined && violates(schema.items, entry, mode)))
      )
    default:
      return false
  }
}

function stringViolates(schema: JsonSchema, value: string): boolean {
  const readings = [
    value,
    value.trim(),
    value.replace(/\s/g, ''),
    value.trim().replace(/[\s-]/g, ''),
    value.trim().toLowerCase(),
  ]
  const shortest = Math.min(...readings.map((reading) => reading.length))
  if (schema.maxLength !== undefined && shortest > schema.maxLength) return true
  if (schema.minLength !== undefined && value.length < schema.minLength) return true
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern, 'u')
    if (!readings.some((reading) => pattern.test(reading))) return true
  }
  return false
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A cursor that cannot name a place in the history: undecodable, or an id that is no uuid. */
function isMalformedCursor(cursor: string): boolean {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  const [iso = '', id = ''] = parts
  return (
    parts.length !== 2 ||
    Number.isNaN(new Date(iso).getTime()) ||
    !(UUID_TEXT.test(id) || /^[0-9a-f]{64}$/.test(id))
  )
}

/**
 * An amount no route may accept (src/shared/money.ts): not a plain decimal, not above zero,
 * more decimals than any asset has, or more than MAX_AMOUNT_MINOR could hold.
 */
function isImpossibleAmount(value: unknown): boolean {
  let textValue: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return true
    textValue = String(value)
  } else if (typeof value === 'string') {
    textValue = value.trim()
  } else {
    return false
  }
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(textValue)
  if (!match) return true
  const [, sign, whole = '', fraction = ''] = match
  if (sign) return true
  if (!/[1-9]/.test(`${whole}${fraction}`)) return true
  if (fraction.length > 8) return true
  return whole.replace(/^0+/, '').length > 15
}

function findAmounts(root: unknown): unknown[] {
  if (typeof root !== 'object' || root === null || Array.isArray(root)) return []
  return Object.entries(root).flatMap(([key, value]) => (key === 'amount' ? [value] : []))
}

/**
 * Why the server must refuse this request (4xx), or undefined when it may accept it. Judged on
 * what the server decodes: a broken encoding that a decoder may replace counts as acceptable.
 */
export function mustRefuse(request: FuzzRequest): string | undefined {
  const { operation } = request
  for (const [name, value] of Object.entries(request.pathParams)) {
    if (value.text === undefined) continue
    if (isUnstorableText(value.text)) return `path ${name}: unstorable text`
    const param = operation.params.find((entry) => entry.in === 'path' && entry.name === name)
    if (param && violates(param.schema, value.text, 'query')) return `path ${name}: breaks schema`
    if (value.text === '') return `path ${name}: empty`
  }
  for (const { name, value } of request.query) {
    if (value?.text !== undefined && isUnstorableText(value.text))
      return `query ${name}: unstorable text`
    if (isUnstorableText(name)) return 'query name: unstorable text'
  }
  for (const param of operation.params) {
    if (param.in === 'query') {
      const values = request.query.filter((entry) => entry.name === param.name)
      if (values.length === 0) {
        if (param.required) return `query ${param.name}: missing`
        continue
      }
      if (values.length > 1) {
        if (schemaTypes(param.schema).length > 0) return `query ${param.name}: repeated`
        continue
      }
      const value = values[0]?.value
      if (value === null || value === undefined) continue
      if (value.text === undefined) continue
      if (violates(param.schema, value.text, 'query')) return `query ${param.name}: breaks schema`
      if (param.name === 'cursor' && value.text !== '' && isMalformedCursor(value.text)) {
        return 'query cursor: malformed'
      }
    } else if (param.in === 'header') {
      const value = request.headers[param.name]
      if (value === undefined) {
        if (param.required) return `header ${param.name}: missing`
      } else if (violates(param.schema, value, 'json')) {
        return `header ${param.name}: breaks schema`
      }
    }
  }
  if (operation.body) {
    const textValue = bodyText(request.body) ?? ''
    let parsed: unknown
    try {
      parsed = JSON.parse(textValue)
    } catch {
      return 'body: not JSON'
    }
    if (holdsUnstorableText(parsed)) return 'body: unstorable text'
    if (violates(operation.body, parsed, 'json')) return 'body: breaks schema'
    if (findAmounts(parsed).some(isImpossibleAmount)) return 'body: impossible amount'
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// What an answer may not say
// ---------------------------------------------------------------------------------------------

/** Signs of internal detail: stack frames, the ORM, SQL, PostgreSQL's and Node's own words. */
const LEAKS: { name: string; pattern: RegExp }[] = [
  { name: 'stack frame', pattern: /\n\s+at |\bat [\w.<>]+ \(\/|\.ts:\d+:\d+|\.js:\d+:\d+/ },
  { name: 'ORM', pattern: /Failed query|DrizzleQueryError|drizzle/i },
  { name: 'file path', pattern: /node_modules|\/work\/|file:\/\/|\/src\/server\// },
  {
    name: 'SQL',
    pattern:
      /\bselect\s+[\w"*.,()\s]{1,200}?\s+from\s+"?\w|\binsert\s+into\s+"?\w|\bupdate\s+"?\w+"?\s+set\s|\bdelete\s+from\s+"?\w|\$\d+::|\bparams:\s/i,
  },
  {
    name: 'database error',
    pattern:
      /syntax for type|invalid input syntax|out of range for type|date\/time field value|violates (unique|foreign key|check|not-null) constraint|duplicate key value|relation "|column "|SQLSTATE|unsupported Unicode escape|invalid byte sequence|character not in repertoire|PGlite ?Error|postgres(ql)? error|could not (serialize|connect)|ECONNREFUSED/i,
  },
  {
    name: 'JavaScript error',
    pattern:
      /\b(TypeError|RangeError|ReferenceError|SyntaxError|URIError)\b|Cannot read propert|is not a function|is not iterable|Invalid time value|Maximum call stack|Unexpected token|in JSON at position|Do not know how to serialize/,
  },
  { name: 'Fastify code', pattern: /\bFST_[A-Z_]+|\bERR_[A-Z_]{4,}/ },
]

const APP_CODES: ReadonlySet<string> = new Set(Object.keys(APP_ERROR_STATUS))

const errorBodySchema = z.object({ message: z.string(), code: z.string() })

/** Removes every text the request sent (raw and as JSON escapes it), so echoes are not leaks. */
export function withoutEchoes(answer: string, sent: string[]): string {
  let result = answer
  for (const value of sent) {
    if (value.length < 3) continue
    for (const form of [
      value,
      (JSON.stringify(value) ?? '').slice(1, -1),
      encodeURIComponent(safe(value)),
    ]) {
      if (form.length >= 3) result = result.split(form).join('«sent»')
    }
  }
  return result
}

function safe(value: string): string {
  return value.replace(/[\uD800-\uDFFF]/g, '?')
}

/** The texts a request carries, for withoutEchoes. */
export function sentTexts(request: FuzzRequest, mutation: Mutation | undefined): string[] {
  const texts: string[] = []
  const collect = (value: unknown) => {
    const stack: unknown[] = [value]
    while (stack.length > 0 && texts.length < 500) {
      const item = stack.pop()
      if (typeof item === 'string') texts.push(item)
      else if (Array.isArray(item)) stack.push(...item.slice(0, 50))
      else if (typeof item === 'object' && item !== null) {
        for (const [key, entry] of Object.entries(item).slice(0, 50)) {
          texts.push(key)
          stack.push(entry)
        }
      }
    }
  }
  for (const value of Object.values(request.pathParams)) if (value.text) texts.push(value.text)
  for (const { name, value } of request.query) {
    texts.push(name)
    if (value?.text) texts.push(value.text)
  }
  texts.push(...Object.values(request.headers))
  if (request.body.kind === 'json') collect(request.body.value)
  if (request.body.kind === 'text') texts.push(request.body.text)
  if (mutation?.hostile.kind === 'extra') texts.push(mutation.hostile.key)
  return texts.sort((a, b) => b.length - a.length)
}

export type Answer = {
  status: number
  headers: Record<string, unknown>
  text: string
}

export type Problem = { check: string; detail: string }

function headerValue(headers: Record<string, unknown>, name: string): string {
  const value = headers[name]
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return value.map(String).join(', ')
  return ''
}

export function contentTypeOf(answer: Answer): string {
  return headerValue(answer.headers, 'content-type')
}

export function allowOf(answer: Answer): string {
  return headerValue(answer.headers, 'allow')
}

/**
 * What is wrong with any answer: a 5xx, internal detail in the body, or, on an /api path, an
 * error that is not `{message, code}` JSON (HTML above all).
 */
export function answerProblems(path: string, answer: Answer, sent: string[]): Problem[] {
  const problems: Problem[] = []
  if (answer.status >= 500) problems.push({ check: '5xx', detail: `status ${answer.status}` })
  const isApi = path === '/api' || path.startsWith('/api/')
  const contentType = contentTypeOf(answer)
  if (isApi && /text\/html/i.test(contentType)) {
    problems.push({ check: 'html-on-api', detail: `content-type ${contentType}` })
  }
  if (isApi && answer.status >= 400) {
    let parsed: unknown
    try {
      parsed = JSON.parse(answer.text)
    } catch {
      parsed = undefined
    }
    const body = errorBodySchema.safeParse(parsed)
    if (!/application\/json/i.test(contentType) || !body.success) {
      problems.push({ check: 'error-not-json', detail: `content-type ${contentType || '(none)'}` })
    } else if (!APP_CODES.has(body.data.code)) {
      problems.push({
        check: 'leak',
        detail: `code ${JSON.stringify(body.data.code)} is not an app code`,
      })
    }
  }
  const scanned = withoutEchoes(answer.text, sent)
  for (const leak of LEAKS) {
    // A successful answer carries users' own text (descriptions, names): only the unmistakable
    // signs count there.
    if (answer.status < 400 && (leak.name === 'SQL' || leak.name === 'JavaScript error')) continue
    const match = leak.pattern.exec(scanned)
    if (match) {
      const start = Math.max(0, match.index - 30)
      problems.push({
        check: 'leak',
        detail: `${leak.name}: …${scanned.slice(start, match.index + match[0].length + 30)}…`,
      })
    }
  }
  return problems
}

// ---------------------------------------------------------------------------------------------
// Findings
// ---------------------------------------------------------------------------------------------

export type Finding = {
  check: string
  cls: string
  operation: string
  mutation: string
  status: number
  answer: string
  detail: string
}

/** Every problem of a run, grouped by check and class, reported once at the end. */
export class Findings {
  private readonly groups = new Map<string, { count: number; byOperation: Map<string, Finding> }>()

  add(finding: Finding): void {
    const key = `${finding.check} | ${finding.cls}`
    let group = this.groups.get(key)
    if (!group) {
      group = { count: 0, byOperation: new Map() }
      this.groups.set(key, group)
    }
    group.count += 1
    if (!group.byOperation.has(finding.operation)) group.byOperation.set(finding.operation, finding)
  }

  get size(): number {
    return this.groups.size
  }

  clear(): void {
    this.groups.clear()
  }

  report(title: string, footer: string): string {
    const lines = [`${title}: ${this.groups.size} classes of defect`]
    const keys = [...this.groups.keys()].sort()
    for (const key of keys) {
      const group = this.groups.get(key)
      if (!group) continue
      lines.push(`\n[${key}] ${group.count} requests, ${group.byOperation.size} operations`)
      const examples = [...group.byOperation.values()]
      for (const example of examples.slice(0, 4)) {
        lines.push(
          `  ${example.operation}  ${example.mutation}  → ${example.status}${example.detail ? ` (${example.detail})` : ''}  ${truncate(example.answer.replace(/\s+/g, ' '), 160)}`,
        )
      }
      if (examples.length > 8) {
        lines.push(
          `  … and ${examples.length - 8} more: ${examples
            .slice(8)
            .map((e) => e.operation)
            .join(', ')}`,
        )
      }
    }
    lines.push('', footer)
    return lines.join('\n')
  }
}

/** A 32-bit seed for one operation, so adding an operation does not change the others' values. */
export function seedFor(seed: number, label: string): number {
  let hash = seed | 0
  for (let index = 0; index < label.length; index++) {
    hash = Math.imul(hash ^ label.charCodeAt(index), 0x01000193)
  }
  return hash | 0
}
