import { get, type IncomingMessage } from 'node:http'

/** One message of a Server-Sent Events stream. */
export type StreamMessage = { id: string | undefined; event: string; data: string }

/**
 * Reads a Server-Sent Events stream over the network as a browser's EventSource would, for
 * tests of GET /api/events: messages in order, comment lines (heartbeats) counted.
 */
export async function openEventStream(
  url: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number
  contentType: string | null
  headers: IncomingMessage['headers']
  next(timeoutMs?: number): Promise<StreamMessage>
  heartbeats(): number
  /** Resolves once the server has ended the stream; rejects after `timeoutMs`. */
  ended(timeoutMs?: number): Promise<void>
  close(): void
}> {
  // node:http with no agent, so closing the stream closes its socket at once (fetch would keep
  // it in a pool, and a server shutting down would wait for it).
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const request = get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false })
    request.once('response', resolve)
    request.once('error', reject)
  })
  const queue: StreamMessage[] = []
  const waiters: ((message: StreamMessage) => void)[] = []
  let heartbeats = 0
  let buffer = ''
  const decoder = new TextDecoder()

  function take(block: string) {
    if (block.startsWith(':')) {
      heartbeats += 1
      return
    }
    let id: string | undefined
    let event = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'id') id = value
      else if (field === 'event') event = value
      else if (field === 'data') data.push(value)
    }
    if (data.length === 0) return
    const message = { id, event, data: data.join('\n') }
    const waiter = waiters.shift()
    if (waiter) waiter(message)
    else queue.push(message)
  }

  response.on('data', (chunk: Buffer) => {
    buffer += decoder.decode(chunk, { stream: true })
    let end = buffer.indexOf('\n\n')
    while (end !== -1) {
      take(buffer.slice(0, end))
      buffer = buffer.slice(end + 2)
      end = buffer.indexOf('\n\n')
    }
  })
  response.on('error', () => undefined)
  let endedByServer = false
  const endWaiters: (() => void)[] = []
  const markEnded = () => {
    endedByServer = true
    for (const waiter of endWaiters.splice(0)) waiter()
  }
  response.once('end', markEnded)
  response.once('close', markEnded)

  return {
    status: response.statusCode ?? 0,
    contentType: response.headers['content-type'] ?? null,
    headers: response.headers,
    next(timeoutMs = 5_000) {
      const ready = queue.shift()
      if (ready) return Promise.resolve(ready)
      return new Promise((resolve, reject) => {
        const waiter = (message: StreamMessage) => {
          clearTimeout(timer)
          resolve(message)
        }
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1)
          reject(new Error(`no event within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.push(waiter)
      })
    },
    heartbeats: () => heartbeats,
    ended(timeoutMs = 5_000) {
      if (endedByServer) return Promise.resolve()
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`the stream was still open after ${timeoutMs} ms`)),
          timeoutMs,
        )
        endWaiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    },
    close: () => response.destroy(),
  }
}
