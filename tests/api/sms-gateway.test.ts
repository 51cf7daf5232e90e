import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'
import { createHttpSmsSender } from '#server/providers/http-sms-sender.ts'

// The HTTP SMS gateway (docs/operations.md "SMS") against a local server that answers as the
// common African bulk-SMS gateways do.
type Received = { apiKey: string | undefined; form: URLSearchParams }

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', () => resolve(body))
  })
}

describe('HTTP SMS gateway', () => {
  const received: Received[] = []
  let answer: { status: number; body: string } = { status: 201, body: '' }
  let server: Server
  let url = ''

  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const header = request.headers.apikey
      received.push({
        apiKey: Array.isArray(header) ? header[0] : header,
        form: new URLSearchParams(await readBody(request)),
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(answer.body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/version1/messaging`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const accepted = (statusCode: number, status: string) =>
    JSON.stringify({
      SMSMessageData: {
        Message: 'Sent to 1/1 Total Cost: NGN 2.20',
        Recipients: [{ statusCode, number: '+2348031234567', status, cost: 'NGN 2.20' }],
      },
    })

  it('posts the form with the key in its header, and takes a queued or sent answer', async () => {
    const sender = createHttpSmsSender({
      url,
      username: 'sabi',
      apiKey: 'gateway-key-123',
      senderId: 'Sabi',
    })
    answer = { status: 201, body: accepted(101, 'Success') }
    await sender.send({ key: 'k1', to: '+2348031234567', subject: 'x', text: 'Sabi: hello' })
    const last = received.at(-1)
    expect(last?.apiKey).toBe('gateway-key-123')
    expect(Object.fromEntries(last?.form ?? [])).toEqual({
      username: 'sabi',
      to: '+2348031234567',
      message: 'Sabi: hello',
      from: 'Sabi',
    })
  })

  it('throws on a refusal, an error status or an answer it cannot read, so the send is retried', async () => {
    const sender = createHttpSmsSender({ url, username: 'sabi', apiKey: 'gateway-key-123' })
    const message = { key: 'k2', to: '+2348031234567', subject: 'x', text: 'hi' }
    answer = { status: 201, body: accepted(405, 'InsufficientBalance') }
    await expect(sender.send(message)).rejects.toThrow(/InsufficientBalance/)
    answer = { status: 500, body: 'oops' }
    await expect(sender.send(message)).rejects.toThrow(/500/)
    answer = { status: 201, body: '<html>' }
    await expect(sender.send(message)).rejects.toThrow(/unknown format/)
    expect(Object.fromEntries(received.at(-1)?.form ?? []).from).toBeUndefined()
  })

  it('is configured by all three of its settings or none', () => {
    const config = loadConfig({
      SANDBOX: '1',
      SMS_API_URL: url,
      SMS_API_USERNAME: 'sabi',
      SMS_API_KEY: 'gateway-key-123',
    })
    expect(config.sms).toMatchObject({ url, username: 'sabi' })
    expect(() => loadConfig({ SMS_API_URL: url })).toThrow(ConfigError)
    expect(loadConfig({}).sms).toBeUndefined()
  })
})
