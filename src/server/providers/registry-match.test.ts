import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { namesMatch, nameWords, registryDate } from './registry-match.ts'

/** A name word as registries and people write it: letters, some with accents. */
const wordArbitrary = fc
  .array(fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzéèọụṣáíóú'.split('')), {
    minLength: 2,
    maxLength: 9,
  })
  .map((letters) => letters.join(''))

/** A person: first name, an optional middle name, last name, all different words. */
const personArbitrary = fc
  .uniqueArray(wordArbitrary, {
    minLength: 3,
    maxLength: 3,
    selector: (word) => nameWords(word).join(''),
  })
  .map(([first = '', middle = '', last = '']) => ({ first, middle, last }))

function randomCase(text: string, flips: boolean[]): string {
  return [...text]
    .map((letter, index) =>
      flips[index % Math.max(flips.length, 1)] ? letter.toUpperCase() : letter,
    )
    .join('')
}

describe('namesMatch', () => {
  it('matches the registry record whatever the order and case of the names, with middle names', () => {
    fc.assert(
      fc.property(
        personArbitrary,
        fc.boolean(),
        fc.constantFrom<readonly ('first' | 'middle' | 'last')[]>(
          ['first', 'middle', 'last'],
          ['last', 'first', 'middle'],
          ['last', 'middle', 'first'],
          ['first', 'last'],
        ),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }),
        ({ first, middle, last }, withMiddle, order, flips) => {
          const parts = { first, middle: withMiddle ? middle : '', last }
          const record = order.map((part) => parts[part]).join('  ')
          expect(
            namesMatch(
              { firstName: randomCase(first, flips), lastName: ` ${last.toUpperCase()} ` },
              randomCase(record, flips.slice().reverse()),
            ),
          ).toBe(true)
        },
      ),
    )
  })

  it('never matches a surname the record does not hold', () => {
    fc.assert(
      fc.property(personArbitrary, wordArbitrary, ({ first, middle, last }, otherLast) => {
        const record = `${last} ${first} ${middle}`.toUpperCase()
        // A different surname: its letters appear nowhere in the record, even run together.
        fc.pre(!nameWords(record).join('').includes(nameWords(otherLast).join('')))
        expect(namesMatch({ firstName: first, lastName: otherLast }, record)).toBe(false)
      }),
    )
  })

  it('takes accents, apostrophes, hyphens and spacing as the same name', () => {
    expect(namesMatch({ firstName: 'Ọláolúwa', lastName: 'Adé-Ọlá' }, 'ADE OLA OLAOLUWA')).toBe(
      true,
    )
    expect(namesMatch({ firstName: 'Adeola', lastName: 'Okafor' }, 'OKAFOR ADE OLA')).toBe(true)
    expect(namesMatch({ firstName: "Ng'ang'a", lastName: 'Wanjiru' }, 'WANJIRU NGANGA')).toBe(true)
    expect(namesMatch({ firstName: 'Mary Jane', lastName: 'Smith' }, 'SMITH, MARY JANE')).toBe(true)
    expect(namesMatch({ firstName: 'Thabo', lastName: 'van der Merwe' }, 'THABO VANDERMERWE')).toBe(
      true,
    )
  })

  it('uses each word of the record once, and wants both names', () => {
    expect(namesMatch({ firstName: 'Ade', lastName: 'Ade' }, 'ADE BOLA')).toBe(false)
    expect(namesMatch({ firstName: 'Ade', lastName: 'Ade' }, 'ADE BOLA ADE')).toBe(true)
    expect(namesMatch({ firstName: 'Chidi', lastName: 'Okeke' }, 'CHIDI')).toBe(false)
    expect(namesMatch({ firstName: 'Chidi', lastName: 'Okeke' }, 'Not Available')).toBe(false)
    expect(namesMatch({ firstName: 'Chidi', lastName: 'Okeke' }, '')).toBe(false)
    // A name that is only part of a record's word is not that word.
    expect(namesMatch({ firstName: 'Chi', lastName: 'Okeke' }, 'CHIDI OKEKE')).toBe(false)
  })
})

describe('registryDate', () => {
  it('reads the documented YYYY-MM-DD and nothing that is not a date', () => {
    expect(registryDate('1993-10-21')).toBe('1993-10-21')
    expect(registryDate(' 1993-10-21T00:00:00Z')).toBe('1993-10-21')
    expect(registryDate('NaN-NaN-NaN')).toBeUndefined()
    expect(registryDate('Not Available')).toBeUndefined()
    expect(registryDate('1993-02-30')).toBeUndefined()
    expect(registryDate('21/10/1993')).toBeUndefined()
    expect(registryDate(undefined)).toBeUndefined()
  })
})
