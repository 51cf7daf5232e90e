import { describe, expect, it } from 'vitest'
import type { Bank } from '../../entities/banks/use-banks.ts'
import { foldForSearch, searchBanks } from './bank-search.ts'

function bank(name: string, code: string, country = 'NG', currency = 'NGN'): Bank {
  return { name, code, country, currency, nameEnquiry: country === 'NG' }
}

const opay = bank('OPay', '999992')
const moniepoint = bank('Moniepoint MFB', '50515')
const kuda = bank('Kuda Microfinance Bank', '50211')
const palmpay = bank('PalmPay', '999991')
const firstBank = bank('First Bank of Nigeria', '011')
const gtbank = bank('GTBank', '058')
const creditAgricole = bank('Crédit Agricole', '900', 'ZA', 'ZAR')
const capitec = bank('Capitec Bank', '470010', 'ZA', 'ZAR')
const mpesa = bank('M-Pesa', 'MPESA', 'KE', 'KES')
const all = [firstBank, gtbank, opay, moniepoint, kuda, palmpay, creditAgricole, capitec, mpesa]

function names(search: string): string[][] {
  return searchBanks(all, search).map((group) => group.banks.map((found) => found.name))
}

describe('foldForSearch', () => {
  it('ignores case and accents', () => {
    expect(foldForSearch('Crédit AGRICOLE')).toBe('credit agricole')
  })
})

describe('searchBanks', () => {
  it('lists every bank by country, in the order the server gives, for an empty search', () => {
    const groups = searchBanks(all, '  ')
    expect(groups.map((group) => [group.country, group.currency])).toEqual([
      ['NG', 'NGN'],
      ['ZA', 'ZAR'],
      ['KE', 'KES'],
    ])
    expect(groups.flatMap((group) => group.banks)).toEqual(all)
  })

  it('finds a bank by any part of its name, case and accents ignored', () => {
    expect(names('opay')).toEqual([['OPay']])
    expect(names('MONIE')).toEqual([['Moniepoint MFB']])
    expect(names('credit')).toEqual([['Crédit Agricole']])
    expect(names('agrícola')).toEqual([])
    expect(names('pesa')).toEqual([['M-Pesa']])
  })

  it('ignores spaces and punctuation when the name has none', () => {
    expect(names('palm pay')).toEqual([['PalmPay']])
    expect(names('gt bank')).toEqual([['GTBank']])
    expect(names('mpesa')).toEqual([['M-Pesa']])
  })

  it('puts names that start with the search first, then a word that does, then the rest', () => {
    // "bank": Kuda Microfinance Bank and First Bank (word), GTBank (inside a word); Capitec
    // Bank in its own country.
    expect(names('bank')).toEqual([
      ['First Bank of Nigeria', 'Kuda Microfinance Bank', 'GTBank'],
      ['Capitec Bank'],
    ])
    expect(names('pay')).toEqual([['OPay', 'PalmPay']])
  })

  it('finds nothing for a search no name holds', () => {
    expect(searchBanks(all, 'zzz')).toEqual([])
  })

  it('reads a search with regular-expression characters as text', () => {
    expect(names('(')).toEqual([])
    expect(names('.*')).toEqual([])
    expect(names('m-pe')).toEqual([['M-Pesa']])
  })
})
