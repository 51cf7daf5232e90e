import { describe, expect, it } from 'vitest'
import { ApiError } from '#client/lib/api.ts'
import { stepUpRefusalOf } from './step-up-refusal.ts'

function refusal(status: number, body: Record<string, unknown>): ApiError {
  const text = JSON.stringify(body)
  return new ApiError(
    status,
    text,
    typeof body.code === 'string' ? body.code : undefined,
    typeof body.message === 'string' ? body.message : undefined,
  )
}

describe('stepUpRefusalOf', () => {
  it('puts a REAUTH_REQUIRED beside the field it names, with the second factor asked', () => {
    const error = refusal(403, {
      code: 'REAUTH_REQUIRED',
      message: 'Enter your password and the code from your authenticator app to continue',
      errors: [
        { path: 'password', message: 'Enter your password to continue' },
        { path: 'code', message: 'Enter the code' },
      ],
      secondFactor: true,
    })
    expect(stepUpRefusalOf(error)).toEqual({
      secondFactor: true,
      errors: { password: 'Enter your password to continue', code: 'Enter the code' },
    })
  })

  it('reads a wrong password without a second factor', () => {
    const error = refusal(403, {
      code: 'REAUTH_REQUIRED',
      message: 'Password is incorrect',
      errors: [{ path: 'password', message: 'Password is incorrect' }],
      secondFactor: false,
    })
    expect(stepUpRefusalOf(error)).toEqual({
      secondFactor: false,
      errors: { password: 'Password is incorrect' },
    })
  })

  it('takes a 400 that names the code, and leaves one about other fields alone', () => {
    const wrongCode = refusal(400, {
      code: 'VALIDATION_FAILED',
      message: 'That code is not right.',
      errors: [{ path: 'code', message: 'That code is not right.' }],
    })
    expect(stepUpRefusalOf(wrongCode)?.errors).toEqual({ code: 'That code is not right.' })
    const weakPin = refusal(400, {
      code: 'VALIDATION_FAILED',
      message: 'Choose a PIN that is harder to guess',
      errors: [{ path: 'pin', message: 'Choose a PIN that is harder to guess' }],
    })
    expect(stepUpRefusalOf(weakPin)).toBeUndefined()
  })

  it('leaves other refusals to the screen', () => {
    expect(
      stepUpRefusalOf(refusal(423, { code: 'ACCOUNT_FROZEN', message: 'Your account is frozen' })),
    ).toBeUndefined()
    expect(stepUpRefusalOf(new Error('boom'))).toBeUndefined()
  })

  it('reads a REAUTH_REQUIRED without per-field problems as the password', () => {
    const error = refusal(403, { code: 'REAUTH_REQUIRED', message: 'Enter your password' })
    expect(stepUpRefusalOf(error)).toEqual({
      secondFactor: false,
      errors: { password: 'Enter your password' },
    })
  })
})
