import { describe, expect, it } from 'vitest'
import { guessNigerianNetwork } from './nigerian-networks.ts'

describe('guessNigerianNetwork', () => {
  it('reads the network from the prefix, however the number is written', () => {
    expect(guessNigerianNetwork('0803 555 0142')).toBe('mtn')
    expect(guessNigerianNetwork('+234 803 555 0142')).toBe('mtn')
    expect(guessNigerianNetwork('2348085550142')).toBe('airtel')
    expect(guessNigerianNetwork('08055550142')).toBe('glo')
    expect(guessNigerianNetwork('0909-555-0142')).toBe('9mobile')
    expect(guessNigerianNetwork('07025550142')).toBe('mtn')
  })

  it('guesses nothing for a foreign, partial or unknown number', () => {
    expect(guessNigerianNetwork('+27 82 123 4567')).toBeUndefined()
    expect(guessNigerianNetwork('0803')).toBeUndefined()
    expect(guessNigerianNetwork('')).toBeUndefined()
    expect(guessNigerianNetwork('08995550142')).toBeUndefined()
  })
})
