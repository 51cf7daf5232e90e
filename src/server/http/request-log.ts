import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'

/**
 * One `info` line per request, written when its answer has gone: method, path and route (by
 * log-serializers.ts, so never a query value or a header), status, response time in
 * milliseconds and, from the request's logger, its `reqId` (docs/operations.md "Logs").
 * Fastify's own pair, "incoming request" then "request completed", doubles the log of a busy
 * server and leaves the status on a line that does not say which path it answered.
 *
 * A class because Fastify takes its log controller as one (its `logController` option); only
 * the two request lines change, every other line Fastify writes stays as it is.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return
    const line = { req: request, res: reply, responseTime: reply.elapsedTime }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'request completed')
  }
}
