import { describe, expect, it } from 'vitest'
import { formatBasisPoints, readDestination } from './destination-params.ts'

describe('readDestination', () => {
  it('reads a region id with an optional country, method and saved recipient', () => {
    expect(readDestination('?region=europe&country=de&method=cash_pickup&recipient=r1')).toEqual({
      region: expect.objectContaining({ id: 'europe' }),
      countryCode: 'DE',
      method: 'cash_pickup',
      recipientId: 'r1',
    })
  })

  it('turns the transfer options aliases into a region with its country', () => {
    expect(readDestination('region=usa')).toMatchObject({
      region: { id: 'north-america' },
      countryCode: 'US',
    })
    expect(readDestination('region=canada')).toMatchObject({ countryCode: 'CA' })
    expect(readDestination('region=australia')).toMatchObject({
      region: { id: 'asia-pacific' },
      countryCode: 'AU',
    })
    expect(readDestination('region=europe')).toMatchObject({ countryCode: undefined })
  })

  it('drops what it does not know', () => {
    expect(readDestination('region=mars&country=US&method=pigeon')).toEqual({
      region: undefined,
      countryCode: undefined,
      method: undefined,
      recipientId: undefined,
    })
    expect(readDestination('region=europe&country=US')).toMatchObject({ countryCode: undefined })
  })
})

describe('display helpers', () => {
  it('writes fee percents as docs/transfers.md does', () => {
    expect([150n, 200n, 175n, 250n, 400n].map(formatBasisPoints)).toEqual([
      '1.5',
      '2.0',
      '1.75',
      '2.5',
      '4.0',
    ])
  })
})
