import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#client/lib/api.ts'
import type { Operator } from '#shared/schemas/ops.ts'
import { OPS_KEYS } from './ops-api.ts'
import {
  currentSessionNotice,
  endSession,
  opsQueryClient,
  startSession,
  watchIdle,
} from './ops-session.ts'

const operator: Operator = {
  id: 'o1',
  email: 'ada@sabi.example',
  name: 'Ada Obi',
  role: 'support',
  active: true,
  enrolled: true,
  lastSignInAt: null,
  createdAt: '2026-01-01T00:00:00Z',
}

function unauthorized(): ApiError {
  return new ApiError(401, '{"message":"Unauthorized","code":"UNAUTHORIZED"}', 'UNAUTHORIZED')
}

afterEach(() => {
  opsQueryClient.clear()
  vi.useRealTimers()
})

describe('the console session', () => {
  it('ends on a 401 while signed in, dropping every answer but who is signed in', async () => {
    startSession(operator)
    opsQueryClient.setQueryData(OPS_KEYS.customer('c1'), { secret: true })
    await opsQueryClient
      .fetchQuery({ queryKey: OPS_KEYS.approvals, queryFn: () => Promise.reject(unauthorized()) })
      .catch(() => undefined)
    expect(opsQueryClient.getQueryData(OPS_KEYS.me)).toBeNull()
    expect(opsQueryClient.getQueryData(OPS_KEYS.customer('c1'))).toBeUndefined()
    expect(currentSessionNotice()).toBe('idle')
  })

  it('takes a 401 at sign-in for a refusal, not for an ended session', async () => {
    endSession('signedOut')
    await opsQueryClient
      .getMutationCache()
      .build(opsQueryClient, { mutationFn: () => Promise.reject(unauthorized()) })
      .execute(undefined)
      .catch(() => undefined)
    expect(currentSessionNotice()).toBe('signedOut')
    startSession(operator)
    expect(currentSessionNotice()).toBeNull()
  })

  it('ignores other failures', async () => {
    startSession(operator)
    await opsQueryClient
      .fetchQuery({
        queryKey: OPS_KEYS.payouts,
        queryFn: () => Promise.reject(new ApiError(403, '{"message":"Forbidden"}')),
      })
      .catch(() => undefined)
    expect(opsQueryClient.getQueryData(OPS_KEYS.me)).toEqual(operator)
  })
})

describe('watchIdle', () => {
  it('fires once after the limit without input, and input puts it off', () => {
    vi.useFakeTimers()
    const target = new EventTarget()
    const onIdle = vi.fn()
    watchIdle(60_000, onIdle, target)
    vi.advanceTimersByTime(45_000)
    target.dispatchEvent(new Event('keydown'))
    vi.advanceTimersByTime(45_000)
    expect(onIdle).not.toHaveBeenCalled()
    vi.advanceTimersByTime(30_000)
    expect(onIdle).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(120_000)
    expect(onIdle).toHaveBeenCalledTimes(1)
  })

  it('stops when asked', () => {
    vi.useFakeTimers()
    const onIdle = vi.fn()
    const stop = watchIdle(1_000, onIdle, new EventTarget())
    stop()
    vi.advanceTimersByTime(10_000)
    expect(onIdle).not.toHaveBeenCalled()
  })
})
