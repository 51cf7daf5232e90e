import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { findBiller } from '#shared/schemas/bills.ts'
import {
  createSandboxBillerProvider,
  SANDBOX_BILL_SETTLE_MS,
  sandboxElectricityToken,
  sandboxElectricityUnits,
} from './sandbox-biller.ts'

const ikeja = findBiller('electricity', 'ikeja-electric')
const mtn = findBiller('mobile', 'mtn')

describe('the sandbox biller', () => {
  it('knows every number except one ending in 0000, by the same made-up name each time', async () => {
    if (!ikeja || !mtn) throw new Error('missing biller')
    const biller = createSandboxBillerProvider()
    expect(await biller.lookupCustomer(ikeja, '45067120000', null)).toBeUndefined()
    const found = await biller.lookupCustomer(ikeja, '45067123456', null)
    expect(found?.name).toMatch(/^[A-Z]+ [A-Z]+$/)
    expect(found?.address).toMatch(/, Lagos$/)
    expect(await biller.lookupCustomer(ikeja, '45067123456', null)).toEqual(found)
    expect(await biller.lookupCustomer(ikeja, '45067129999', null)).toBeDefined()
  })

  it('invents no name for a phone number: asking is a programmer error', async () => {
    if (!mtn) throw new Error('missing biller')
    await expect(
      createSandboxBillerProvider().lookupCustomer(mtn, '08035550142', null),
    ).rejects.toThrow(/name no customer/)
  })

  it('gives a 20-digit token that depends on the payout only', () => {
    const id = randomUUID()
    expect(sandboxElectricityToken(id)).toMatch(/^\d{20}$/)
    expect(sandboxElectricityToken(id)).toBe(sandboxElectricityToken(id))
    expect(sandboxElectricityToken(randomUUID())).not.toBe(sandboxElectricityToken(id))
  })

  it('works out units at the sandbox tariff, never crediting energy that was not paid for', () => {
    expect(sandboxElectricityUnits(20_950n)).toBe('1.0 kWh')
    expect(sandboxElectricityUnits(20_949n)).toBe('0.9 kWh')
    expect(sandboxElectricityUnits(1n)).toBe('0.0 kWh')
    expect(sandboxElectricityUnits(500_000n)).toBe('23.8 kWh')
    expect(sandboxElectricityUnits(100_000_000n)).toBe('4773.2 kWh')
  })

  it('answers from the reference alone: pending, then completed with a receipt, or failed', async () => {
    const provider = createSandboxBillerProvider()
    const payoutId = randomUUID()
    const sentAt = new Date(0)
    const order = (customerNumber: string, billType: string) => ({
      payoutId,
      kind: 'bill',
      asset: 'NGN',
      amountMinor: 500_000n,
      attempt: 1,
      details: { customerNumber, billType },
    })
    const power = await provider.submit(order('45067123456', 'electricity'))
    expect(await provider.status(power.providerReference, sentAt, 1_000)).toEqual({
      status: 'pending',
    })
    expect(await provider.status(power.providerReference, sentAt, SANDBOX_BILL_SETTLE_MS)).toEqual({
      status: 'completed',
      receipt: { token: sandboxElectricityToken(payoutId), units: '23.8 kWh' },
    })
    const airtime = await provider.submit({
      ...order('', 'mobile'),
      details: { billType: 'mobile', phoneNumber: '0803 123 4567' },
    })
    expect(await provider.status(airtime.providerReference, sentAt, 10_000)).toEqual({
      status: 'completed',
    })
    const refused = await provider.submit({
      ...order('', 'mobile'),
      payoutId: randomUUID(),
      details: { billType: 'mobile', phoneNumber: '0803 999 9999' },
    })
    expect(await provider.status(refused.providerReference, sentAt, 10_000)).toMatchObject({
      status: 'failed',
    })
    const rejected = await provider.submit(order('45067129999', 'electricity'))
    expect(await provider.status(rejected.providerReference, sentAt, 10_000)).toMatchObject({
      status: 'failed',
    })
    // Sending the same payout again hands out the same reference: it is paid once.
    expect(await provider.submit(order('45067123456', 'electricity'))).toEqual(power)
  })
})
