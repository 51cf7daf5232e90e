import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger'
import type { FastifySchema, RouteOptions } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { APP_ERROR_STATUS, type AppErrorCode } from '#shared/errors.ts'
import { RETRY_AFTER_SECONDS } from './error-handler.ts'
import { isOperatorGuard } from './ops-session-plugin.ts'
import { requireUser } from './session-plugin.ts'

/**
 * The OpenAPI contract at /api/docs/json, made whole in one place rather than in every route:
 * the route schemas say what each operation takes and returns on success, and this module adds
 * what the server does around them, the same way for every operation: which need a session,
 * an operationId each, one shared `Error` schema referenced by every error answer, and every
 * status the server's hooks and handlers really answer (a test checks a sample of them against
 * real answers: tests/api/openapi-contract.test.ts). Redocly's recommended rules lint it
 * (`npm run lint:openapi`).
 */

/**
 * Who an operation needs signed in: a customer (the `sabi_sid` cookie, scheme `session`), a
 * staff member of the operations console (the `sabi_ops` cookie, scheme `opsSession`:
 * docs/operations-console.md "Staff accounts"), or nobody.
 */
type Guard = 'session' | 'opsSession' | null

function securityOf(guard: Guard) {
  return guard ? [{ [guard]: [] }] : []
}

/** The document's security schemes, one per cookie. */
export const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: 'sabi_sid' },
  opsSession: { type: 'apiKey', in: 'cookie', name: 'sabi_ops' },
} as const

const ERROR_SCHEMA_REF = '#/components/schemas/Error'

/** Every error code, in the order APP_ERROR_STATUS lists them. */
const APP_ERROR_CODES = Object.keys(APP_ERROR_STATUS).filter(isAppErrorCode)

function isAppErrorCode(value: string): value is AppErrorCode {
  return Object.hasOwn(APP_ERROR_STATUS, value)
}

/** Browser navigations that answer a redirect, not JSON. */
const REDIRECTS: Record<string, string> = {
  'GET /api/login': 'to the sign-in page (the sign-up page with `mode=signup`), keeping `returnTo`',
  'GET /api/logout': 'to `/`, signed out',
}

/**
 * Statuses a handler answers that neither its schema nor a rule below says: the webhooks are
 * signed by their provider, not by a session (a bad signature is a 401); the payout webhook
 * names a payout by reference (an unknown one is a 404), while Paystack's acknowledges every
 * signed event, known or not, so Paystack does not retry it forever.
 */
const HANDLER_STATUSES: Record<string, string[]> = {
  'POST /api/webhooks/payouts': ['401', '404'],
  'POST /api/webhooks/paystack': ['401'],
}

/** What this module learns from a route, carried on its schema to the document's operation. */
const ROUTE_FACTS = 'x-sabi-route'

type RouteFacts = { guard: Guard; rateLimited: boolean }

function isGuard(value: unknown): value is Guard {
  return value === null || value === 'session' || value === 'opsSession'
}

function isRouteFacts(value: unknown): value is RouteFacts {
  return (
    typeof value === 'object' &&
    value !== null &&
    'guard' in value &&
    isGuard(value.guard) &&
    'rateLimited' in value &&
    typeof value.rateLimited === 'boolean'
  )
}

function guardOf(route: RouteOptions): Guard {
  // A route may ask for the session before its input is validated (a signed-out caller then
  // hears 401, not a 400 about a body it should not have sent).
  const handlers: unknown[] = [route.preHandler ?? [], route.preValidation ?? []].flat()
  if (handlers.includes(requireUser)) return 'session'
  if (handlers.some(isOperatorGuard)) return 'opsSession'
  return null
}

function hasRateLimit(route: RouteOptions): boolean {
  const config: unknown = route.config
  return (
    typeof config === 'object' &&
    config !== null &&
    'rateLimit' in config &&
    typeof config.rateLimit === 'object' &&
    config.rateLimit !== null
  )
}

/**
 * The per-route transform: zod schemas to JSON Schema (fastify-type-provider-zod), plus the
 * operation's security requirement, decided by what the route does: one behind `requireUser`
 * answers 401 without a customer's session, one behind `requireOperator` without a staff
 * member's; every other one is public (`security: []`).
 */
export const transformRouteSchema: SwaggerTransform = (input) => {
  const result = jsonSchemaTransform(input)
  if (result.schema.hide) return result
  const facts: RouteFacts = {
    guard: guardOf(input.route),
    rateLimited: hasRateLimit(input.route),
  }
  const schema: FastifySchema & Record<string, unknown> = {
    ...result.schema,
    ...(result.schema.security ? {} : { security: securityOf(facts.guard) }),
    [ROUTE_FACTS]: facts,
  }
  return { schema, url: result.url }
}

// ---------------------------------------------------------------------------------------------
// The error answers
// ---------------------------------------------------------------------------------------------

/** The values of a message's placeholders: numbers, texts, and amounts with their symbol. */
const MESSAGE_PARAMS_SCHEMA = {
  type: 'object',
  description:
    "The values of the key's placeholders; an amount is `{decimal, symbol}`, written as each language writes money",
  additionalProperties: {
    oneOf: [
      { type: 'string' },
      { type: 'number' },
      {
        type: 'object',
        properties: { decimal: { type: 'string' }, symbol: { type: 'string', nullable: true } },
        required: ['decimal', 'symbol'],
      },
    ],
  },
}

const ERROR_SCHEMA = {
  type: 'object',
  description:
    "Every error answer of the API: `message` is safe to show to the user, in the request's language (Accept-Language), `code` tells what went wrong, `key` and `params` are the errors catalog's text and its values that `message` was worded from, and `errors[]` names the fields of bad input, each worded the same way.",
  properties: {
    message: { type: 'string' },
    code: { type: 'string', enum: APP_ERROR_CODES },
    key: {
      type: 'string',
      description:
        'The key of `message` in the errors catalog (src/client/locales/<language>/errors.json)',
    },
    params: MESSAGE_PARAMS_SCHEMA,
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          message: { type: 'string' },
          key: { type: 'string' },
          params: MESSAGE_PARAMS_SCHEMA,
        },
        required: ['path', 'message'],
        additionalProperties: false,
      },
    },
    attemptsLeft: {
      type: 'integer',
      description: 'With PIN_INVALID: wrong PINs still allowed before the PIN locks',
    },
    lockedUntil: {
      type: 'string',
      description: 'With PIN_LOCKED: when the PIN opens again (ISO 8601)',
    },
    limit: {
      type: 'string',
      enum: ['single', 'daily', 'balance'],
      description: 'With LIMIT_EXCEEDED: which KYC limit refused the payment',
    },
    remaining: {
      type: 'string',
      description:
        'With LIMIT_EXCEEDED or COOLING_OFF: what that limit still allows, in naira (decimal string)',
    },
    secondFactor: {
      type: 'boolean',
      description: 'With REAUTH_REQUIRED: whether the TOTP code is asked as well as the password',
    },
    until: {
      type: 'string',
      description: 'With COOLING_OFF: when the cooling-off allowance ends (ISO 8601)',
    },
    status: {
      type: 'string',
      enum: ['draining', 'unavailable'],
      description: 'With UNAVAILABLE from GET /api/ready: why the server is not ready',
    },
  },
  required: ['message', 'code'],
  additionalProperties: false,
}

/** A name and a description for each error status the API answers. */
const ERROR_RESPONSES: Record<string, { name: string; description: string }> = {
  '400': {
    name: 'BadRequest',
    description:
      'Bad input: a body, query, header or path value that breaks its schema, a body that is not valid JSON, or text the database cannot store; `errors[]` names the fields',
  },
  '401': {
    name: 'Unauthorized',
    description:
      'Not signed in (no session, or an ended one), wrong credentials or code, or a bad webhook signature',
  },
  '402': { name: 'PaymentDeclined', description: "The card's issuer declined the payment" },
  '403': {
    name: 'Forbidden',
    description:
      'A state-changing request that another site made a browser send, or an outgoing payment without the right transaction PIN',
  },
  '404': { name: 'NotFound', description: 'No such resource, or not yours' },
  '409': {
    name: 'Conflict',
    description:
      'The request conflicts with the current state (e.g. insufficient funds, already taken)',
  },
  '413': {
    name: 'PayloadTooLarge',
    description: 'The body is over 64 KB',
  },
  '414': {
    name: 'UriTooLong',
    description: 'A path parameter is over 100 characters',
  },
  '415': {
    name: 'UnsupportedMediaType',
    description: 'A body that is not `application/json`',
  },
  '422': {
    name: 'IdempotencyMismatch',
    description: 'The Idempotency-Key was already used with another request body',
  },
  '423': {
    name: 'Locked',
    description:
      'The transaction PIN is locked after 5 wrong attempts: `lockedUntil` says until when',
  },
  '429': {
    name: 'TooManyRequests',
    description: 'Too many requests or failed attempts: wait and try again',
  },
  '500': { name: 'Internal', description: 'Something went wrong on the server' },
  '503': {
    name: 'Unavailable',
    description:
      'The database is unreachable or restarting: retry after `Retry-After` seconds; or a feature or outside party (bank, biller, acquirer) this server has not connected',
  },
}

/** The codes an error status carries, from APP_ERROR_STATUS (413 and 414 are bad input too). */
function codesOf(status: number): AppErrorCode[] {
  if (status === 413 || status === 414) return ['VALIDATION_FAILED']
  return APP_ERROR_CODES.filter((code) => APP_ERROR_STATUS[code] === status)
}

function errorResponseName(status: string): string {
  return ERROR_RESPONSES[status]?.name ?? `Error${status}`
}

function errorResponse(status: string) {
  const known = ERROR_RESPONSES[status]
  const codes = codesOf(Number(status))
    .map((code) => `\`${code}\``)
    .join(', ')
  return {
    description: `${known?.description ?? `Error ${status}`}${codes ? ` (${codes})` : ''}.`,
    ...(status === '503'
      ? {
          headers: {
            'Retry-After': {
              description: `Seconds to wait before retrying (${RETRY_AFTER_SECONDS}) while the database is away`,
              schema: { type: 'integer' },
            },
          },
        }
      : {}),
    content: { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } },
  }
}

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const
const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete'])

type JsonObject = Record<string, unknown>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A response written inline with the `{message, code, errors?}` shape (apiErrorSchema). */
function isInlineErrorResponse(response: unknown): boolean {
  if (!isObject(response) || !isObject(response.content)) return false
  return Object.values(response.content).every((media) => {
    if (!isObject(media) || !isObject(media.schema)) return false
    const properties = media.schema.properties
    if (!isObject(properties)) return false
    const names = Object.keys(properties)
    return (
      names.includes('message') &&
      names.includes('code') &&
      names.every((name) =>
        [
          'message',
          'code',
          'key',
          'params',
          'errors',
          'attemptsLeft',
          'lockedUntil',
          'limit',
          'remaining',
          'secondFactor',
          'until',
          'status',
        ].includes(name),
      )
    )
  })
}

/** `getUsersById` from `GET /api/users/{id}`: stable, and unique per method and path. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)
      const parts = (param?.[1] ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean)
      return param ? ['by', ...parts] : parts
    })
  return [
    method.toLowerCase(),
    ...words.map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`),
  ].join('')
}

function parameterPlaces(operation: JsonObject): Set<string> {
  const places = new Set<string>()
  if (!Array.isArray(operation.parameters)) return places
  for (const parameter of operation.parameters) {
    if (isObject(parameter) && typeof parameter.in === 'string') places.add(parameter.in)
  }
  return places
}

/** The error statuses an operation answers, by what the server's hooks and handlers do. */
function statusesByRule(method: string, operation: JsonObject, facts: RouteFacts): string[] {
  const places = parameterPlaces(operation)
  const statuses = new Set<string>(['500', '503'])
  // Body, query, header and path values are validated; text the database cannot store is
  // refused (text-guard.ts); a body that is not JSON is bad input.
  if (STATE_CHANGING.has(method) || places.size > 0 || operation.requestBody) statuses.add('400')
  if (facts.guard) statuses.add('401')
  // A console route refuses an operator whose role may not do what it does (mayDo in
  // src/shared/schemas/ops.ts).
  if (facts.guard === 'opsSession') statuses.add('403')
  if (STATE_CHANGING.has(method)) {
    // The cross-site guard (cross-site-guard.ts), and the body parser, which reads a body on
    // every state-changing method whether or not the route declares one.
    statuses.add('403')
    statuses.add('413')
    statuses.add('415')
  }
  if (places.has('path')) {
    statuses.add('404')
    statuses.add('414')
  }
  if (facts.rateLimited) statuses.add('429')
  return [...statuses]
}

function sortedByStatus(responses: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(responses).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true })),
  )
}

/** Completes one operation in place; returns the error responses it references. */
function completeOperation(
  method: string,
  path: string,
  operation: JsonObject,
  operationIds: Set<string>,
): string[] {
  const facts = isRouteFacts(operation[ROUTE_FACTS])
    ? operation[ROUTE_FACTS]
    : { guard: null, rateLimited: false }
  delete operation[ROUTE_FACTS]

  if (typeof operation.operationId !== 'string') {
    const base = operationIdOf(method, path)
    let id = base
    for (let n = 2; operationIds.has(id); n += 1) id = `${base}${n}`
    operation.operationId = id
  }
  operationIds.add(String(operation.operationId))
  if (!Array.isArray(operation.security)) {
    operation.security = securityOf(facts.guard)
  }

  const responses: JsonObject = isObject(operation.responses) ? { ...operation.responses } : {}
  const redirect = REDIRECTS[`${method.toUpperCase()} ${path}`]
  if (redirect) {
    const success = responses['200']
    if (isObject(success) && success.content === undefined) delete responses['200']
    responses['302'] = {
      description: `Redirect: ${redirect}.`,
      headers: {
        Location: { description: 'Where the browser goes next', schema: { type: 'string' } },
      },
    }
  }
  const handlerStatuses = HANDLER_STATUSES[`${method.toUpperCase()} ${path}`] ?? []
  for (const status of [...statusesByRule(method, operation, facts), ...handlerStatuses]) {
    if (responses[status] === undefined) responses[status] = {}
  }
  const referenced: string[] = []
  for (const [status, response] of Object.entries(responses)) {
    if (!/^[45]\d\d$/.test(status)) continue
    // A documented body of another shape stays as written, so that the contract test
    // (tests/api/openapi-contract.test.ts) names it rather than this transform hiding it.
    if (isObject(response) && isObject(response.content) && !isInlineErrorResponse(response)) {
      continue
    }
    responses[status] = { $ref: `#/components/responses/${errorResponseName(status)}` }
    referenced.push(status)
  }
  operation.responses = sortedByStatus(responses)
  return referenced
}

/** The object at `key` of a JSON object, created empty when missing. */
function objectAt(parent: JsonObject, key: string): JsonObject {
  const value = parent[key]
  if (isObject(value)) return value
  const created: JsonObject = {}
  parent[key] = created
  return created
}

/**
 * The document transform: servers, operationIds, security, and the error answers as
 * references to one `Error` schema (its `code` the enum of AppErrorCode) through one shared
 * response per status. It completes the document in place, read as plain JSON.
 */
export const transformOpenApiDocument: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject
  const document = documentObject.openapiObject
  const root: unknown = document
  if (!isObject(root)) return document
  const operationIds = new Set<string>()
  const usedStatuses = new Set<string>()
  for (const [path, pathItem] of Object.entries(objectAt(root, 'paths'))) {
    if (!isObject(pathItem)) continue
    for (const method of METHODS) {
      const operation = pathItem[method]
      if (!isObject(operation)) continue
      for (const status of completeOperation(method, path, operation, operationIds)) {
        usedStatuses.add(status)
      }
    }
  }
  root.servers = [{ url: '/', description: 'This server: every path starts with /api' }]
  const components = objectAt(root, 'components')
  objectAt(components, 'schemas').Error = ERROR_SCHEMA
  const responses = objectAt(components, 'responses')
  for (const status of [...usedStatuses].sort((a, b) =>
    a.localeCompare(b, 'en', { numeric: true }),
  )) {
    responses[errorResponseName(status)] = errorResponse(status)
  }
  return document
}
