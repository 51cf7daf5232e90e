/**
 * The OpenAPI contract at /api/docs/json against the server's real answers (issue "A clean
 * contract"): every operation has a unique operationId and a security requirement, and a
 * signed-out request answers 401 exactly where the session scheme is required; every error
 * answer references the one `Error` schema, whose `code` is the enum of AppErrorCode; and a
 * sample of real requests (bad input, no session, wrong content type, oversized body,
 * cross-site, redirects, unknown ids, insufficient funds, idempotency conflicts) answer
 * statuses the document lists for that operation, with bodies of the documented shape.
 */
import { createHmac, randomUUID } from 'node:crypto'
import { beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { APP_ERROR_STATUS } from '#shared/errors.ts'
import { addFunds, moneyPost, signUpClient, walletIn } from '../factories/money.ts'
import { buildSignUp } from '../factories/users.ts'
import { describeMoneyApi } from '../setup/describe-money-api.ts'
import {
  baseRequest,
  bodyText,
  type Hints,
  OMIT,
  type Operation,
  operationsOf,
  urlOf,
  validQueryValue,
} from '../setup/openapi-fuzz.ts'
import { createTestClient, type TestClient, type TestResponse } from '../setup/test-app.ts'

const WEBHOOK_SECRET = 'contract-test-webhook-secret-0123456789abcdef'
const ERROR_SCHEMA_REF = '#/components/schemas/Error'
const RESPONSE_REF = /^#\/components\/responses\/([A-Za-z0-9_]+)$/

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const

const referenceSchema = z.object({ $ref: z.string() })
const headersSchema = z.record(z.string(), z.object({ description: z.string().optional() }))
const responseObjectSchema = z.object({
  description: z.string(),
  headers: headersSchema.optional(),
  content: z.record(z.string(), z.object({ schema: z.unknown() })).optional(),
})
const operationSchema = z.object({
  operationId: z.string().min(1),
  security: z.array(z.record(z.string(), z.array(z.string()))),
  responses: z.record(z.string(), z.union([referenceSchema, responseObjectSchema])),
})
const contractSchema = z.object({
  servers: z.array(z.object({ url: z.string() })).min(1),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({
    securitySchemes: z.object({
      session: z.object({ type: z.literal('apiKey'), in: z.literal('cookie'), name: z.string() }),
      opsSession: z.object({
        type: z.literal('apiKey'),
        in: z.literal('cookie'),
        name: z.string(),
      }),
    }),
    schemas: z.object({
      Error: z.object({
        type: z.literal('object'),
        required: z.array(z.string()),
        properties: z.object({
          message: z.object({ type: z.literal('string') }),
          code: z.object({ type: z.literal('string'), enum: z.array(z.string()) }),
          errors: z.object({ type: z.literal('array') }),
        }),
      }),
    }),
    responses: z.record(z.string(), responseObjectSchema),
  }),
})

type Contract = z.infer<typeof contractSchema>
type ContractOperation = z.infer<typeof operationSchema> & { method: string; path: string }

function operationsOfContract(contract: Contract): ContractOperation[] {
  const operations: ContractOperation[] = []
  for (const [path, item] of Object.entries(contract.paths)) {
    for (const method of METHODS) {
      if (item[method] === undefined) continue
      operations.push({ ...operationSchema.parse(item[method]), method, path })
    }
  }
  return operations
}

/** Every status but a success or a redirect is an error answer (`default` included). */
function isErrorStatus(status: string): boolean {
  return !/^[23](\d\d|XX)$/.test(status)
}

/** Every object in a JSON document, with where it is. */
function* objectsIn(value: unknown, at = '#'): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* objectsIn(item, `${at}/${index}`)
    return
  }
  if (typeof value !== 'object' || value === null) return
  const object = Object.fromEntries(Object.entries(value))
  yield [at, object]
  for (const [key, item] of Object.entries(object)) yield* objectsIn(item, `${at}/${key}`)
}

/** Whether an operation needs someone signed in: a customer (`session`) or staff (`opsSession`). */
function isSessionProtected(operation: ContractOperation): boolean {
  return operation.security.some(
    (requirement) => 'session' in requirement || 'opsSession' in requirement,
  )
}

const paramsSchema = z.record(
  z.string(),
  z.union([
    z.string(),
    z.number(),
    z.object({ decimal: z.string(), symbol: z.string().nullable() }),
  ]),
)
const fieldErrorSchema = z
  .object({ path: z.string(), message: z.string(), key: z.string(), params: paramsSchema })
  .strict()

describeMoneyApi(
  'the OpenAPI contract',
  (context) => {
    let contract: Contract
    let operations: ContractOperation[]

    beforeAll(() => {
      contract = contractSchema.parse(context.app.swagger())
      operations = operationsOfContract(contract)
    })

    function operationAt(method: string, path: string): ContractOperation {
      const found = operations.find(
        (operation) => operation.method === method.toLowerCase() && operation.path === path,
      )
      if (!found) throw new Error(`${method} ${path} is not in the document`)
      return found
    }

    /**
     * The error body the document promises: `{message, code, key, params, errors?}`, `code` in
     * the enum.
     */
    function errorBodySchema() {
      const codes = contract.components.schemas.Error.properties.code.enum
      return z
        .object({
          message: z.string(),
          code: z.string().refine((code) => codes.includes(code), 'code is not in the enum'),
          key: z.string(),
          params: paramsSchema,
          errors: z.array(fieldErrorSchema).optional(),
        })
        .strict()
    }

    /** What is wrong with an answer against the operation's documented responses. */
    function problemsOf(method: string, path: string, answer: TestResponse): string[] {
      const operation = operationAt(method, path)
      const status = String(answer.status)
      const label = `${method} ${path} answered ${status} (${answer.text.slice(0, 120)})`
      const documented = operation.responses[status]
      if (!documented) return [`${label}: not documented`]
      const problems: string[] = []
      if (answer.status >= 400) {
        const name = '$ref' in documented ? RESPONSE_REF.exec(documented.$ref)?.[1] : undefined
        const response = name ? contract.components.responses[name] : undefined
        const schema = response?.content?.['application/json']?.schema
        if (JSON.stringify(schema) !== JSON.stringify({ $ref: ERROR_SCHEMA_REF })) {
          problems.push(`${label}: not a shared response of the Error schema`)
        }
        const body = errorBodySchema().safeParse(answer.body)
        if (!body.success) problems.push(`${label}: body is not an Error: ${body.error.message}`)
        if (answer.status === 503 && !response?.headers?.['Retry-After']) {
          problems.push(`${label}: Retry-After not documented`)
        }
      }
      if (answer.status >= 300 && answer.status < 400) {
        if (!('headers' in documented && documented.headers?.Location)) {
          problems.push(`${label}: Location not documented`)
        }
        if (typeof answer.headers.location !== 'string') problems.push(`${label}: no Location`)
      }
      return problems
    }

    function expectDocumented(method: string, path: string, answer: TestResponse) {
      expect(problemsOf(method, path, answer)).toEqual([])
    }

    it('names each operation once, and says of each whether it needs the session cookie', () => {
      expect(operations.length).toBeGreaterThan(40)
      const ids = operations.map((operation) => operation.operationId)
      expect(new Set(ids).size).toBe(ids.length)
      for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/)
      expect(contract.components.securitySchemes.session).toEqual({
        type: 'apiKey',
        in: 'cookie',
        name: 'sabi_sid',
      })
      expect(contract.components.securitySchemes.opsSession).toEqual({
        type: 'apiKey',
        in: 'cookie',
        name: 'sabi_ops',
      })
      for (const operation of operations) {
        const label = `${operation.method.toUpperCase()} ${operation.path}`
        // The console's routes, and only they, take the staff cookie.
        const expected = operation.path.startsWith('/api/ops/')
          ? ['[]', '[{"opsSession":[]}]']
          : ['[]', '[{"session":[]}]']
        expect(expected, label).toContain(JSON.stringify(operation.security))
        if (isSessionProtected(operation)) {
          expect(Object.keys(operation.responses), label).toContain('401')
        }
      }
    })

    it('has one Error schema, its code the enum of AppErrorCode, and no inline copies', () => {
      const error = contract.components.schemas.Error
      expect(error.properties.code.enum).toEqual(Object.keys(APP_ERROR_STATUS))
      expect(error.required).toEqual(['message', 'code'])
      for (const response of Object.values(contract.components.responses)) {
        expect(response.content?.['application/json']?.schema).toEqual({ $ref: ERROR_SCHEMA_REF })
      }
      // Every error answer of every operation, readiness's 503 included, is a reference to a
      // shared response whose every body is the Error schema, by reference.
      const unshared: string[] = []
      for (const operation of operations) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (!isErrorStatus(status)) continue
          const label = `${operation.method.toUpperCase()} ${operation.path} ${status}`
          const name = '$ref' in response ? RESPONSE_REF.exec(response.$ref)?.[1] : undefined
          const shared = name ? contract.components.responses[name] : undefined
          const bodies = Object.values(shared?.content ?? {})
          if (
            bodies.length === 0 ||
            bodies.some(
              ({ schema }) => JSON.stringify(schema) !== JSON.stringify({ $ref: ERROR_SCHEMA_REF }),
            )
          ) {
            unshared.push(label)
          }
        }
        // Every operation can meet a database that is away, or an unexpected failure.
        expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['500', '503']))
      }
      expect(unshared).toEqual([])
      // Nowhere else in the document is an object of the Error's shape written out: a message
      // beside a code that is any error code. A success answer with a code of its own (the
      // limit check's SINGLE_MAX...) is not one.
      const errorCodes = JSON.stringify(Object.keys(APP_ERROR_STATUS))
      const copies = [...objectsIn(context.app.swagger())]
        .filter(([, object]) => {
          const properties = object.properties
          if (
            typeof properties !== 'object' ||
            properties === null ||
            !('message' in properties) ||
            !('code' in properties)
          )
            return false
          const code = properties.code
          const codes =
            typeof code === 'object' && code !== null && 'enum' in code ? code.enum : null
          return codes === null || JSON.stringify(codes) === errorCodes
        })
        .map(([at]) => at)
      expect(copies).toEqual(['#/components/schemas/Error'])
    })

    it('documents the statuses that real requests get', async () => {
      const alice = createTestClient(context.app)
      const bob = createTestClient(context.app)
      const aliceUser = await signUpClient(alice)
      const bobUser = await signUpClient(bob)
      const ngn = await walletIn(alice, 'NGN')
      await addFunds(alice, ngn.id, '100.00')
      const send = '/api/send-money/sabi-user'
      const transfer = { fromWalletId: ngn.id, recipientUserId: bobUser.id, amount: '10.00' }
      const stranger = createTestClient(context.app)

      const wrongPassword = await stranger.post('/api/auth/login', {
        email: aliceUser.email,
        password: 'not-the-password-000',
      })
      expect(wrongPassword.status).toBe(401)
      expectDocumented('POST', '/api/auth/login', wrongPassword)

      const signedOut = await stranger.get('/api/wallets')
      expect(signedOut.status).toBe(401)
      expectDocumented('GET', '/api/wallets', signedOut)

      const withoutKey = await alice.post(send, transfer)
      expect(withoutKey.status).toBe(400)
      expectDocumented('POST', send, withoutKey)

      const textBody = await alice.request({
        method: 'POST',
        url: send,
        payload: JSON.stringify(transfer),
        headers: { 'content-type': 'text/plain', 'idempotency-key': randomUUID() },
      })
      expect(textBody.status).toBe(415)
      expectDocumented('POST', send, textBody)

      const oversized = await moneyPost(alice, send, { ...transfer, padding: 'a'.repeat(70_000) })
      expect(oversized.status).toBe(413)
      expectDocumented('POST', send, oversized)

      const crossSite = await alice.post(send, transfer, {
        'idempotency-key': randomUUID(),
        origin: 'https://elsewhere.example',
      })
      expect(crossSite.status).toBe(403)
      expectDocumented('POST', send, crossSite)

      const login = await stranger.get('/api/login?returnTo=/wallets')
      expect(login.status).toBe(302)
      expectDocumented('GET', '/api/login', login)

      const unknown = await alice.get(`/api/transactions/${randomUUID()}`)
      expect(unknown.status).toBe(404)
      expectDocumented('GET', '/api/transactions/{id}', unknown)

      const overLong = await alice.get(`/api/transactions/${'a'.repeat(101)}`)
      expect(overLong.status).toBe(414)
      expectDocumented('GET', '/api/transactions/{id}', overLong)

      const tooMuch = await moneyPost(alice, send, { ...transfer, amount: '1000.00' })
      expect(tooMuch.status).toBe(409)
      expectDocumented('POST', send, tooMuch)

      const key = randomUUID()
      const first = await moneyPost(alice, send, transfer, key)
      expect(first.status).toBe(201)
      expectDocumented('POST', send, first)
      const otherBody = await moneyPost(alice, send, { ...transfer, amount: '11.00' }, key)
      expect(otherBody.status).toBe(422)
      expectDocumented('POST', send, otherBody)
    })

    it('answers 401 without a session exactly where the session scheme is required', async () => {
      const owner = createTestClient(context.app)
      const account = await signUpClient(owner)
      const hints = signedOutHints(account.email, account.password)
      const fuzzOperations = operationsOf(context.app.swagger(), () => false)
      const refusedWithoutSession: string[] = []
      const answered: string[] = []
      const problems: string[] = []
      for (const fuzzOperation of fuzzOperations) {
        const operation = operationAt(fuzzOperation.method, fuzzOperation.path)
        const answer = await sendSignedOut(
          createTestClient(context.app),
          fuzzOperation,
          baseRequest(fuzzOperation, hints),
        )
        problems.push(...problemsOf(fuzzOperation.method, fuzzOperation.path, answer))
        const refused =
          answer.status === 401 &&
          z.object({ code: z.literal('UNAUTHORIZED') }).safeParse(answer.body).success &&
          // The webhooks authenticate their caller by signature, not by session.
          !fuzzOperation.path.startsWith('/api/webhooks/')
        if (refused) refusedWithoutSession.push(fuzzOperation.key)
        if (isSessionProtected(operation)) answered.push(`${fuzzOperation.key} ${answer.status}`)
      }
      const protectedKeys = operations
        .filter(isSessionProtected)
        .map((operation) => `${operation.method.toUpperCase()} ${operation.path}`)
      expect(problems).toEqual([])
      expect(refusedWithoutSession.sort(), answered.join('\n')).toEqual(protectedKeys.sort())
      // Public operations exist, and the public reference data is among them.
      expect(
        operations.filter((operation) => !isSessionProtected(operation)).length,
      ).toBeGreaterThan(5)
      expect(isSessionProtected(operationAt('GET', '/api/currencies'))).toBe(false)
    })

    it('serves the document at /api/docs/json and the explorer at /api/docs', async () => {
      const client = createTestClient(context.app)
      const json = await client.get('/api/docs/json')
      expect(json.status).toBe(200)
      expect(contractSchema.parse(json.body).paths).toEqual(contract.paths)
      const page = await client.get('/api/docs/')
      expect(page.status).toBe(200)
      expect(page.text).toContain('swagger-ui')
    })
  },
  { PAYOUT_WEBHOOK_SECRET: WEBHOOK_SECRET },
)

/** Valid-shaped values for a signed-out request to each operation. */
function signedOutHints(email: string, password: string): Hints {
  return ({ operation, location, path }) => {
    const name = path.at(-1) ?? ''
    if (location === 'path') return randomUUID()
    if (location === 'header') {
      return name === 'idempotency-key' ? `contract-${randomUUID()}` : undefined
    }
    if (location === 'query') return validQueryValue(operation.path, name) ?? OMIT
    if (location !== 'body') return undefined
    if (operation.path === '/api/auth/signup' && path.length === 1) {
      const fresh: Record<string, unknown> = buildSignUp()
      return name in fresh ? fresh[name] : OMIT
    }
    if (operation.path === '/api/auth/login' && path.length === 1) {
      return { email, password }[name] ?? OMIT
    }
    // Fields whose format a plain example would break (validation answers before requireUser).
    const fields: Record<string, unknown> = {
      code: '123456',
      accountNumber: path[0] === 'recipient' ? 'GB29NWBK60161331926819' : '0123456789',
      swiftCode: 'NWBKGB2L',
      countryCode: 'US',
      email: 'ada@example.com',
      number: '4242424242424242',
      phoneNumber: '+2348012345678',
      idNumber: '12345678901',
      dateOfBirth: '1990-05-17',
      displayCurrency: 'NGN',
      pin: '2580',
      documentNumber: 'A12345678',
      country: 'NG',
    }
    return fields[name]
  }
}

async function sendSignedOut(
  client: TestClient,
  operation: Operation,
  request: ReturnType<typeof baseRequest>,
): Promise<TestResponse> {
  const payload = bodyText(request.body)
  const headers: Record<string, string> = { ...request.headers }
  if (payload !== undefined) headers['content-type'] = 'application/json'
  if (operation.path === '/api/webhooks/payouts') {
    const body = JSON.stringify({ reference: `unknown-${randomUUID()}`, status: 'completed' })
    const signature = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')
    return client.request({
      method: 'POST',
      url: operation.path,
      payload: body,
      headers: { 'content-type': 'application/json', 'x-sabi-signature': `sha256=${signature}` },
    })
  }
  return client.request({
    method: operation.method,
    url: urlOf(request),
    ...(payload === undefined ? {} : { payload }),
    headers,
  })
}
