/**
 * A fake Flutterwave bill payment API (v3) for tests.
 *
 * It answers the endpoints Sabi uses with the paths, query parameters, request fields and
 * response envelopes of Flutterwave's published bill payment reference, and says where it had to
 * infer (docs/flutterwave.md "The fake"): the catalogue (`GET /top-bill-categories`,
 * `GET /bills/{category}/billers`, `GET /billers/{biller_code}/items`), customer validation
 * (`GET /bill-items/{item_code}/validate`), payment
 * (`POST /billers/{biller_code}/items/{item_code}/payment`) and status (`GET /bills/{reference}`).
 * State lives in memory, one fake per suite; tests steer it through {@link FakeFlutterwave}.
 */
import { randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { z } from 'zod'

export type FlutterwaveRoute =
  | 'GET /top-bill-categories'
  | 'GET /bills/billers'
  | 'GET /billers/items'
  | 'GET /bill-items/validate'
  | 'POST /payment'
  | 'GET /bills'

/**
 * 'timeout' never answers (until close()), '500' answers 500 with the error envelope. `after:
 * 'create'` does the work first and then fails, so the answer is lost; `after: 'nothing'` (the
 * default) fails without doing anything. `times` defaults to 1.
 */
export type FlutterwaveFailureMode = {
  mode: 'timeout' | '500'
  after?: 'create' | 'nothing'
  times?: number
}

export type FakeBill = {
  reference: string
  txRef: string
  billerCode: string
  itemCode: string
  customer: string
  amount: number
  status: 'pending' | 'successful' | 'failed'
  token: string | null
}

type Category = { id: number; name: string; code: string; description: string }
type Biller = {
  id: number
  name: string
  biller_code: string
  short_name: string
  category: string
}
type Item = {
  id: number
  biller_code: string
  name: string
  short_name: string
  item_code: string
  amount: number
  fee: number
  label_name: string
  is_amount_fixed: boolean
}

export type FakeFlutterwave = {
  /** Give `${url}/v3` as FLUTTERWAVE_BASE_URL. */
  url: string
  secretKey: string
  close(): Promise<void>
  requests: { method: string; path: string; query: Record<string, string>; body: unknown }[]
  bills: Map<string, FakeBill>
  failNext(route: FlutterwaveRoute, failure: FlutterwaveFailureMode): void
  /** A meter or smartcard the billers know, with the name (and address) validation answers. */
  addCustomer(number: string, name: string, address?: string): void
  /**
   * How new payments start: 'pending' (the default) until settled, or 'successful' at once.
   * `tokenInAnswer` puts an electricity token in the payment's answer too.
   */
  setInitialStatus(status: 'pending' | 'successful' | 'failed', tokenInAnswer?: boolean): void
  /** Moves a bill to its final status. */
  settle(reference: string, status: 'successful' | 'failed'): void
}

const CATEGORIES: Category[] = [
  { id: 1, name: 'Airtime', code: 'AIRTIME', description: 'Airtime' },
  { id: 2, name: 'Mobile Data Service', code: 'MOBILEDATA', description: 'Data bundles' },
  { id: 3, name: 'Cable Bill Payment', code: 'CABLEBILLS', description: 'Pay-TV' },
  { id: 4, name: 'Internet Service', code: 'INTSERVICE', description: 'Internet' },
  { id: 5, name: 'Utility Bills', code: 'UTILITYBILLS', description: 'Electricity' },
  { id: 6, name: 'Tax', code: 'TAX', description: 'Tax payments' },
  { id: 7, name: 'Donations', code: 'DONATIONS', description: 'Churches and charities' },
]

const BILLERS: Biller[] = [
  { id: 1, name: 'MTN VTU', biller_code: 'BIL099', short_name: 'MTN', category: 'AIRTIME' },
  { id: 2, name: 'AIRTEL VTU', biller_code: 'BIL100', short_name: 'AIRTEL', category: 'AIRTIME' },
  { id: 3, name: 'GLO VTU', biller_code: 'BIL102', short_name: 'GLO', category: 'AIRTIME' },
  { id: 4, name: '9MOBILE VTU', biller_code: 'BIL103', short_name: '9MOBILE', category: 'AIRTIME' },
  {
    id: 5,
    name: 'MTN DATA BUNDLE',
    biller_code: 'BIL108',
    short_name: 'MTN DATA',
    category: 'MOBILEDATA',
  },
  {
    id: 6,
    name: 'AIRTEL DATA BUNDLE',
    biller_code: 'BIL110',
    short_name: 'AIRTEL DATA',
    category: 'MOBILEDATA',
  },
  {
    id: 7,
    name: 'SMILE BUNDLE',
    biller_code: 'BIL124',
    short_name: 'SMILE',
    category: 'MOBILEDATA',
  },
  { id: 8, name: 'DSTV', biller_code: 'BIL121', short_name: 'DSTV', category: 'CABLEBILLS' },
  { id: 9, name: 'GOTV', biller_code: 'BIL122', short_name: 'GOTV', category: 'CABLEBILLS' },
  {
    id: 10,
    name: 'IKEDC PREPAID',
    biller_code: 'BIL112',
    short_name: 'IKEDC',
    category: 'UTILITYBILLS',
  },
  {
    id: 11,
    name: 'EKEDC PREPAID',
    biller_code: 'BIL113',
    short_name: 'EKEDC',
    category: 'UTILITYBILLS',
  },
  {
    id: 12,
    name: 'SPECTRANET',
    biller_code: 'BIL125',
    short_name: 'SPECTRANET',
    category: 'INTSERVICE',
  },
  { id: 13, name: 'FIRS TAX', biller_code: 'BIL130', short_name: 'FIRS', category: 'TAX' },
  {
    id: 14,
    name: 'RCCG GIVING',
    biller_code: 'BIL140',
    short_name: 'RCCG',
    category: 'DONATIONS',
  },
]

function item(
  id: number,
  billerCode: string,
  itemCode: string,
  name: string,
  amount: number,
  label: string,
): Item {
  return {
    id,
    biller_code: billerCode,
    name,
    short_name: name,
    item_code: itemCode,
    amount,
    fee: 0,
    label_name: label,
    is_amount_fixed: amount > 0,
  }
}

const ITEMS: Item[] = [
  item(1, 'BIL099', 'AT099', 'MTN VTU', 0, 'Mobile Number'),
  item(2, 'BIL100', 'AT100', 'AIRTEL VTU', 0, 'Mobile Number'),
  item(3, 'BIL102', 'AT102', 'GLO VTU', 0, 'Mobile Number'),
  item(4, 'BIL103', 'AT103', '9MOBILE VTU', 0, 'Mobile Number'),
  item(5, 'BIL108', 'MD104', 'MTN 1GB 1 Day', 500, 'Mobile Number'),
  item(6, 'BIL108', 'MD105', 'MTN 3.5GB 30 Days', 2500, 'Mobile Number'),
  item(7, 'BIL110', 'MD120', 'AIRTEL 2GB 7 Days', 1500, 'Mobile Number'),
  item(8, 'BIL124', 'MD130', 'SMILE 10GB', 5000, 'Account Number'),
  item(9, 'BIL121', 'CB141', 'DSTV Padi', 4400, 'SmartCard Number'),
  item(10, 'BIL121', 'CB142', 'DSTV Compact', 19000, 'SmartCard Number'),
  item(11, 'BIL122', 'CB150', 'GOTV Jolli', 5800, 'IUC Number'),
  item(12, 'BIL112', 'UB157', 'IKEDC PREPAID', 0, 'Meter Number'),
  item(13, 'BIL113', 'UB158', 'EKEDC PREPAID', 0, 'Meter Number'),
  item(14, 'BIL125', 'IS160', 'SPECTRANET 50GB', 15000, 'Customer ID'),
  item(15, 'BIL130', 'TX170', 'FIRS TAX', 0, 'Tax Reference'),
  item(16, 'BIL140', 'DN180', 'RCCG GIVING', 0, 'Member ID'),
]

const paymentBodySchema = z.object({
  country: z.string(),
  customer_id: z.string().min(1),
  amount: z.number().positive(),
  reference: z.string().min(1).max(100).optional(),
  callback_url: z.string().optional(),
})

type Reply = { status: number; body: unknown }

function ok(message: string, data: unknown): Reply {
  return { status: 200, body: { status: 'success', message, data } }
}

function error(status: number, message: string): Reply {
  return { status, body: { status: 'error', message, data: null } }
}

/** A 20-digit STS token as a vend's answer groups it. */
function newToken(): string {
  const digits = Array.from({ length: 20 }, () => String(randomInt(10))).join('')
  return digits.match(/.{4}/g)?.join('-') ?? digits
}

class FlutterwaveState {
  readonly requests: FakeFlutterwave['requests'] = []
  readonly bills = new Map<string, FakeBill>()
  private readonly customers = new Map<string, { name: string; address?: string | undefined }>()
  private failures: { route: FlutterwaveRoute; failure: FlutterwaveFailureMode; left: number }[] =
    []
  private initial: 'pending' | 'successful' | 'failed' = 'pending'
  private tokenInAnswer = false
  private readonly hanging = new Set<ServerResponse>()

  constructor(readonly secretKey: string) {}

  failNext(route: FlutterwaveRoute, failure: FlutterwaveFailureMode): void {
    this.failures.push({ route, failure, left: failure.times ?? 1 })
  }

  addCustomer(number: string, name: string, address?: string): void {
    this.customers.set(number, { name, address })
  }

  setInitialStatus(status: 'pending' | 'successful' | 'failed', tokenInAnswer = false): void {
    this.initial = status
    this.tokenInAnswer = tokenInAnswer
  }

  settle(reference: string, status: 'successful' | 'failed'): void {
    const bill = this.bills.get(reference)
    if (!bill) throw new Error(`the fake knows no bill ${reference}`)
    bill.status = status
  }

  closeHanging(): void {
    for (const response of this.hanging) response.socket?.destroy()
    this.hanging.clear()
  }

  private takeFailure(route: FlutterwaveRoute): FlutterwaveFailureMode | undefined {
    const index = this.failures.findIndex((entry) => entry.route === route)
    const entry = this.failures[index]
    if (!entry) return undefined
    entry.left -= 1
    if (entry.left === 0) this.failures.splice(index, 1)
    return entry.failure
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake')
    const query = Object.fromEntries(url.searchParams)
    const method = request.method ?? 'GET'
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(Buffer.from(chunk))
    const text = Buffer.concat(chunks).toString('utf8')
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    const path = url.pathname.replace(/^\/v3/, '')
    this.requests.push({ method, path, query, body })
    const send = (reply: Reply) => {
      response.writeHead(reply.status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(reply.body))
    }
    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      send(error(401, 'Invalid authorization key'))
      return
    }
    const { route, run } = this.route(method, path, query, body)
    const failure = route ? this.takeFailure(route) : undefined
    if (failure && failure.after !== 'create') {
      if (failure.mode === 'timeout') this.hang(response)
      else send(error(500, 'An error occurred while processing your request'))
      return
    }
    const reply = run()
    if (failure) {
      if (failure.mode === 'timeout') this.hang(response)
      else send(error(500, 'An error occurred while processing your request'))
      return
    }
    send(reply)
  }

  private hang(response: ServerResponse): void {
    this.hanging.add(response)
    response.on('close', () => this.hanging.delete(response))
  }

  private route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: unknown,
  ): { route: FlutterwaveRoute | undefined; run: () => Reply } {
    let match: RegExpExecArray | null
    if (method === 'GET' && path === '/top-bill-categories')
      return {
        route: 'GET /top-bill-categories',
        run: () =>
          ok(
            'Bill categories retrieved',
            CATEGORIES.map((category) => ({ ...category, country_code: query.country ?? 'NG' })),
          ),
      }
    match = /^\/bills\/([A-Z]+)\/billers$/.exec(path)
    if (method === 'GET' && match) {
      const category = match[1]
      return {
        route: 'GET /bills/billers',
        run: () => {
          if (!CATEGORIES.some((each) => each.code === category))
            return error(400, 'Invalid bill category')
          return ok(
            'Billers retrieved',
            BILLERS.filter((biller) => biller.category === category).map(
              ({ category: _, ...biller }) => ({
                ...biller,
                logo: null,
                description: biller.name,
                country_code: 'NG',
              }),
            ),
          )
        },
      }
    }
    match = /^\/billers\/([A-Z0-9]+)\/items$/.exec(path)
    if (method === 'GET' && match) {
      const code = match[1]
      return {
        route: 'GET /billers/items',
        run: () => {
          const biller = BILLERS.find((each) => each.biller_code === code)
          if (!biller) return error(400, 'Invalid biller code')
          return ok(
            'Bill items retrieved',
            ITEMS.filter((each) => each.biller_code === code).map((each) => ({
              ...each,
              biller_name: biller.name,
              country: 'NG',
              is_airtime: biller.category === 'AIRTIME',
              default_commission: 0.03,
              commission_on_fee: false,
            })),
          )
        },
      }
    }
    match = /^\/bill-items\/([A-Z0-9]+)\/validate$/.exec(path)
    if (method === 'GET' && match) {
      const itemCode = match[1]
      return { route: 'GET /bill-items/validate', run: () => this.validate(itemCode, query) }
    }
    match = /^\/billers\/([A-Z0-9]+)\/items\/([A-Z0-9]+)\/payment$/.exec(path)
    if (method === 'POST' && match) {
      const [, billerCode = '', itemCode = ''] = match
      return { route: 'POST /payment', run: () => this.pay(billerCode, itemCode, body) }
    }
    match = /^\/bills\/([^/]+)$/.exec(path)
    if (method === 'GET' && match) {
      const reference = decodeURIComponent(match[1] ?? '')
      return { route: 'GET /bills', run: () => this.status(reference) }
    }
    return { route: undefined, run: () => error(404, `Cannot ${method} ${path}`) }
  }

  private validate(itemCode: string | undefined, query: Record<string, string>): Reply {
    const found = ITEMS.find((each) => each.item_code === itemCode)
    if (!found || query.code !== found.biller_code) return error(400, 'Invalid item code')
    const customer = query.customer ?? ''
    const known = this.customers.get(customer)
    if (!known) return error(400, 'Customer validation failed. Please check the number.')
    return ok('Item validated successfully', {
      response_code: '00',
      address: known.address ?? null,
      response_message: 'Successful',
      name: known.name,
      biller_code: found.biller_code,
      customer,
      product_code: found.item_code,
      email: null,
      fee: 0,
      maximum: 500000,
      minimum: 100,
    })
  }

  private pay(billerCode: string, itemCode: string, raw: unknown): Reply {
    const body = paymentBodySchema.safeParse(raw)
    if (!body.success) return error(400, body.error.issues[0]?.message ?? 'Invalid request')
    const found = ITEMS.find(
      (each) => each.biller_code === billerCode && each.item_code === itemCode,
    )
    if (!found) return error(400, 'Invalid biller or item code')
    if (found.amount > 0 && body.data.amount !== found.amount)
      return error(400, `Amount must be ${found.amount} for this item`)
    const reference = body.data.reference ?? `FLW-${randomInt(1e9)}`
    if (this.bills.has(reference)) return error(400, 'Duplicate reference')
    const electricity = BILLERS.find((each) => each.biller_code === billerCode)?.category
    const bill: FakeBill = {
      reference,
      txRef: `CF-FLYAPI-${Date.now()}${randomInt(1e6)}`,
      billerCode,
      itemCode,
      customer: body.data.customer_id,
      amount: body.data.amount,
      status: this.initial,
      token: electricity === 'UTILITYBILLS' ? newToken() : null,
    }
    this.bills.set(reference, bill)
    return ok('Bill payment initiated', {
      phone_number: bill.customer,
      amount: bill.amount,
      network: billerCode,
      code: '200',
      tx_ref: bill.txRef,
      reference,
      batch_reference: null,
      recharge_token: this.tokenInAnswer && bill.status === 'successful' ? bill.token : null,
      fee: 0,
    })
  }

  private status(reference: string): Reply {
    const bill =
      this.bills.get(reference) ?? [...this.bills.values()].find((each) => each.txRef === reference)
    if (!bill) return error(400, 'No transaction was found for this reference')
    return ok('Bill status fetch successful', {
      currency: 'NGN',
      customer_id: bill.customer,
      frequency: 'One Time',
      amount: `${bill.amount}.0000`,
      product: bill.billerCode,
      product_name: bill.itemCode,
      commission: 0,
      transaction_date: new Date().toISOString(),
      country: 'NG',
      tx_ref: bill.txRef,
      extra:
        bill.status === 'successful' && bill.token ? `Token : ${bill.token} Units : 23.8kWh` : null,
      product_details: `FLY-API-NG-${bill.billerCode}`,
      status: bill.status,
    })
  }
}

/** Starts a fake Flutterwave on a free port of 127.0.0.1. */
export async function startFakeFlutterwave(
  options: { secretKey?: string } = {},
): Promise<FakeFlutterwave> {
  const state = new FlutterwaveState(options.secretKey ?? 'FLWSECK_TEST-sabi0123456789abcdef-X')
  const server: Server = createServer((request, response) => {
    state.handle(request, response).catch(() => {
      response.writeHead(500).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    secretKey: state.secretKey,
    requests: state.requests,
    bills: state.bills,
    failNext: (route, failure) => state.failNext(route, failure),
    addCustomer: (number, name, address) => state.addCustomer(number, name, address),
    setInitialStatus: (status, tokenInAnswer) => state.setInitialStatus(status, tokenInAnswer),
    settle: (reference, status) => state.settle(reference, status),
    close: async () => {
      state.closeHanging()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
