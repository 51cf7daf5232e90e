/**
 * A fake Smile ID for tests: the synchronous Enhanced KYC endpoint, `POST /v1/id_verification`,
 * with the request fields, the signature check, the result codes and the answer fields of Smile
 * ID's published API (docs/smile-id.md "The fake", which also lists what it infers).
 *
 * It is an ID authority's registry: the tests put people on record by country, ID type and
 * number, and it answers a lookup with that record (the full name and date of birth as the
 * registry holds them, a photo, an address), or that there is none. Sabi decides whether the
 * record is the person. Numbers can also be made to fail: a 5xx, an answer that never comes,
 * or a result code such as 1015 (the ID authority is unavailable).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { z } from 'zod'

/** A person on the registry's record, as its ID authority holds them. */
export type RegistryRecord = {
  /** The full name in the registry's order and case, e.g. "OKAFOR CHIOMA ADAEZE". */
  fullName: string
  /** YYYY-MM-DD, or the "Not Available" a registry answers when it has none. */
  dob: string
  /** What the answer carries as `Photo`; a base64 JPEG from a real registry. */
  photo?: string
}

/** How a number misbehaves instead of being looked up. */
export type RegistryFailure =
  | { mode: '500' }
  | { mode: 'hang' }
  /** A 200 with this result code and text, e.g. 1015 "Error - Queried Database Unavailable". */
  | { mode: 'result'; code: string; text: string }

export type FakeSmileId = {
  /** Base URL, e.g. http://127.0.0.1:PORT (give this as SMILE_ID_BASE_URL). */
  url: string
  partnerId: string
  apiKey: string
  /** Every request, in order: path and parsed JSON body (null when it was not JSON). */
  requests: { path: string; body: unknown }[]
  /** Puts a person on record under `country` (NG, ZA, KE), `idType` (BVN, NIN_V2, NATIONAL_ID). */
  addRecord(country: string, idType: string, idNumber: string, record: RegistryRecord): void
  /** Makes every lookup of this number fail this way until `clearFailure`. */
  failNumber(idNumber: string, failure: RegistryFailure): void
  clearFailure(idNumber: string): void
  close(): Promise<void>
}

/** The ID types Smile ID's "Using ID Number" list has for Sabi's three countries. */
const SUPPORTED_ID_TYPES: Record<string, readonly string[]> = {
  NG: ['BVN', 'NIN_V2', 'NIN_SLIP', 'V_NIN', 'VOTER_ID', 'BANK_ACCOUNT'],
  ZA: ['NATIONAL_ID', 'NATIONAL_ID_NO_PHOTO'],
  KE: ['NATIONAL_ID', 'NATIONAL_ID_NO_PHOTO', 'ALIEN_CARD', 'KRA_PIN', 'PASSPORT'],
}

/** A hung request is cut after this long, so a client without a timeout does not wait forever. */
const HANG_LIMIT_MS = 30_000

/** The request fields the Enhanced KYC reference marks required. */
const requestSchema = z.object({
  partner_id: z.string().min(1),
  signature: z.string().min(1),
  timestamp: z.string().min(1),
  source_sdk: z.string().min(1),
  source_sdk_version: z.string().min(1),
  country: z.string().length(2),
  id_type: z.string().min(1),
  id_number: z.string().min(1),
  first_name: z.string().optional(),
  middle_name: z.string().optional(),
  last_name: z.string().optional(),
  dob: z.string().optional(),
  phone_number: z.string().optional(),
  partner_params: z.object({
    job_id: z.string().min(1),
    user_id: z.string().min(1),
    job_type: z.union([z.number(), z.string()]),
  }),
})

function signatureOf(partnerId: string, apiKey: string, timestamp: string): string {
  return createHmac('sha256', apiKey)
    .update(timestamp, 'utf8')
    .update(partnerId, 'utf8')
    .update('sid_request', 'utf8')
    .digest('base64')
}

function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'base64')
  const b = Buffer.from(given, 'base64')
  return a.length === b.length && timingSafeEqual(a, b)
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  })
  response.end(text)
}

/** Smile ID's error body for a request it refuses before any job exists. */
function refuse(response: ServerResponse, code: string, error: string): void {
  send(response, 400, { code, error })
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      if (typeof address === 'object' && address !== null) resolve(address.port)
      else reject(new Error('fake Smile ID: no port'))
    })
  })
}

export async function startFakeSmileId(
  options: { partnerId?: string; apiKey?: string } = {},
): Promise<FakeSmileId> {
  const partnerId = options.partnerId ?? '2047'
  const apiKey = options.apiKey ?? randomBytes(24).toString('base64url')
  const records = new Map<string, RegistryRecord>()
  const failures = new Map<string, RegistryFailure>()
  const jobIds = new Set<string>()
  const requests: FakeSmileId['requests'] = []
  const hanging = new Set<ServerResponse>()
  let jobCounter = 1000

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    const raw = await readBody(request)
    let body: unknown = null
    try {
      body = JSON.parse(raw)
    } catch {
      body = null
    }
    requests.push({ path, body })
    if (request.method !== 'POST' || path !== '/v1/id_verification') {
      send(response, 404, { code: '2201', error: 'System Error' })
      return
    }
    if (body === null) {
      refuse(response, '2203', 'Error - Invalid JSON')
      return
    }
    const parsed = requestSchema.safeParse(body)
    if (!parsed.success) {
      refuse(response, '2213', 'Error - A required parameter is missing')
      return
    }
    const job = parsed.data
    if (
      job.partner_id !== partnerId ||
      Number.isNaN(Date.parse(job.timestamp)) ||
      !sameSignature(signatureOf(partnerId, apiKey, job.timestamp), job.signature)
    ) {
      refuse(response, '2205', 'Error - You are not authorized to do that')
      return
    }
    if (Number(job.partner_params.job_type) !== 5) {
      refuse(response, '2212', 'Error - Invalid job type')
      return
    }
    if (jobIds.has(job.partner_params.job_id)) {
      refuse(response, '2215', 'Error - Job already exists for job_id')
      return
    }
    jobIds.add(job.partner_params.job_id)

    const failure = failures.get(job.id_number)
    if (failure?.mode === 'hang') {
      hanging.add(response)
      const timer = setTimeout(() => response.socket?.destroy(), HANG_LIMIT_MS)
      timer.unref()
      response.on('close', () => {
        clearTimeout(timer)
        hanging.delete(response)
      })
      return
    }
    if (failure?.mode === '500') {
      send(response, 500, { code: '2201', error: 'System Error' })
      return
    }

    jobCounter += 1
    const timestamp = new Date().toISOString()
    const common = {
      JSONVersion: '1.0.0',
      SmileJobID: String(jobCounter).padStart(10, '0'),
      PartnerParams: {
        job_id: job.partner_params.job_id,
        user_id: job.partner_params.user_id,
        job_type: 5,
      },
      ResultType: 'ID Verification',
      IsFinalResult: 'true',
      Country: job.country,
      IDType: job.id_type,
      IDNumber: job.id_number,
      signature: signatureOf(partnerId, apiKey, timestamp),
      timestamp,
    }
    if (failure?.mode === 'result') {
      send(response, 200, {
        ...common,
        ResultCode: failure.code,
        ResultText: failure.text,
        Actions: { Verify_ID_Number: 'Not Done', Return_Personal_Info: 'Not Returned' },
      })
      return
    }
    if (!SUPPORTED_ID_TYPES[job.country]?.includes(job.id_type)) {
      send(response, 200, {
        ...common,
        ResultCode: '1016',
        ResultText: 'Error - Need to Activate Product',
        Actions: { Verify_ID_Number: 'Not Done', Return_Personal_Info: 'Not Returned' },
      })
      return
    }
    const record = records.get(`${job.country}:${job.id_type}:${job.id_number}`)
    if (!record) {
      send(response, 200, {
        ...common,
        ResultCode: '1013',
        ResultText: 'Unable to Validate ID',
        Actions: { Verify_ID_Number: 'Not Verified', Return_Personal_Info: 'Not Returned' },
      })
      return
    }
    send(response, 200, {
      ...common,
      ResultCode: '1012',
      ResultText: 'ID Number Validated',
      Actions: { Verify_ID_Number: 'Verified', Return_Personal_Info: 'Returned' },
      ExpirationDate: 'Not Available',
      FullName: record.fullName,
      DOB: record.dob,
      Photo: record.photo ?? 'Not Available',
      PhoneNumber: 'Not Available',
      Gender: 'Not Available',
      Address: 'Not Available',
      FullData: { fullName: record.fullName, dateOfBirth: record.dob },
      Source: 'ID API',
    })
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) send(response, 500, { code: '2201', error: 'System Error' })
    })
  })
  const port = await listen(server)
  return {
    url: `http://127.0.0.1:${port}`,
    partnerId,
    apiKey,
    requests,
    addRecord(country, idType, idNumber, record) {
      records.set(`${country}:${idType}:${idNumber}`, record)
    },
    failNumber(idNumber, failure) {
      failures.set(idNumber, failure)
    },
    clearFailure(idNumber) {
      failures.delete(idNumber)
    },
    async close() {
      for (const response of hanging) response.socket?.destroy()
      hanging.clear()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}
