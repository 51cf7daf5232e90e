/**
 * The bank directory the fake Paystack serves on `GET /bank`.
 *
 * Field names and their order follow Paystack's documented List Banks samples
 * (`src/api/miscellaneous/bank/response.json` for Nigeria and
 * `src/doc/identity/account/list-bank/index.json` for South Africa in PaystackOSS/doc-code-snippets).
 * The five Nigerian banks and eleven South African banks that appear in those samples are copied
 * with their documented ids and dates; every other entry is seeded here so that lists span
 * several pages, and its id and dates are made up.
 */

export type Bank = {
  name: string
  slug: string
  code: string
  longcode: string
  gateway: null
  pay_with_bank: boolean
  active: boolean
  is_deleted: boolean
  country: string
  currency: string
  type: string
  id: number
  createdAt: string
  updatedAt: string | null
  /** Only South African banks carry this in the documented sample. */
  supported_types?: string[]
}

type Seed = {
  name: string
  slug: string
  code: string
  id?: number
  createdAt?: string
  updatedAt?: string | null
}

const SEEDED_AT = '2021-01-15T09:00:00.000Z'

/** Banks copied from the documented Nigerian sample, ids and dates included. */
const DOCUMENTED_NIGERIAN: Seed[] = [
  {
    name: 'Abbey Mortgage Bank',
    slug: 'abbey-mortgage-bank',
    code: '801',
    id: 174,
    createdAt: '2020-12-07T16:19:09.000Z',
    updatedAt: '2020-12-07T16:19:19.000Z',
  },
  {
    name: 'Coronation Merchant Bank',
    slug: 'coronation-merchant-bank',
    code: '559',
    id: 173,
    createdAt: '2020-11-24T10:25:07.000Z',
    updatedAt: '2020-11-24T10:25:07.000Z',
  },
  {
    name: 'Infinity MFB',
    slug: 'infinity-mfb',
    code: '50457',
    id: 172,
    createdAt: '2020-11-24T10:23:37.000Z',
    updatedAt: '2020-11-24T10:23:37.000Z',
  },
  // The sample calls code 999992 "Paycom", OPay's earlier name; Sabi's users know it as OPay.
  {
    name: 'OPay Digital Services Limited (OPay)',
    slug: 'paycom',
    code: '999992',
    id: 171,
    createdAt: '2020-11-24T10:20:45.000Z',
    updatedAt: '2020-11-24T10:20:54.000Z',
  },
  {
    name: 'Petra Mircofinance Bank Plc',
    slug: 'petra-microfinance-bank-plc',
    code: '50746',
    id: 170,
    createdAt: '2020-11-24T10:03:06.000Z',
    updatedAt: '2020-11-24T10:03:06.000Z',
  },
]

/** Real Nigerian banks and their CBN/NIP codes, not in the documented sample. */
const OTHER_NIGERIAN: Seed[] = [
  { name: 'Access Bank', slug: 'access-bank', code: '044' },
  { name: 'Access Bank (Diamond)', slug: 'access-bank-diamond', code: '063' },
  { name: 'ALAT by WEMA', slug: 'alat-by-wema', code: '035A' },
  { name: 'Carbon', slug: 'carbon', code: '565' },
  { name: 'Citibank Nigeria', slug: 'citibank-nigeria', code: '023' },
  { name: 'Ecobank Nigeria', slug: 'ecobank-nigeria', code: '050' },
  { name: 'Fidelity Bank', slug: 'fidelity-bank', code: '070' },
  { name: 'First Bank of Nigeria', slug: 'first-bank-of-nigeria', code: '011' },
  { name: 'First City Monument Bank', slug: 'first-city-monument-bank', code: '214' },
  { name: 'FSDH Merchant Bank Limited', slug: 'fsdh-merchant-bank-limited', code: '501' },
  { name: 'Globus Bank', slug: 'globus-bank', code: '00103' },
  { name: 'Guaranty Trust Bank', slug: 'guaranty-trust-bank', code: '058' },
  { name: 'Heritage Bank', slug: 'heritage-bank', code: '030' },
  { name: 'Jaiz Bank', slug: 'jaiz-bank', code: '301' },
  { name: 'Keystone Bank', slug: 'keystone-bank', code: '082' },
  { name: 'Kuda Bank', slug: 'kuda-bank', code: '50211' },
  { name: 'Lotus Bank', slug: 'lotus-bank', code: '303' },
  { name: 'Moniepoint MFB', slug: 'moniepoint-mfb-ng', code: '50515' },
  { name: 'Optimus Bank Limited', slug: 'optimus-bank-ltd', code: '107' },
  { name: 'PalmPay', slug: 'palmpay', code: '999991' },
  { name: 'Parallex Bank', slug: 'parallex-bank', code: '526' },
  { name: 'Polaris Bank', slug: 'polaris-bank', code: '076' },
  { name: 'Premium Trust Bank', slug: 'premiumtrust-bank-ng', code: '105' },
  { name: 'Providus Bank', slug: 'providus-bank', code: '101' },
  { name: 'Rand Merchant Bank', slug: 'rand-merchant-bank', code: '502' },
  { name: 'Rubies MFB', slug: 'rubies-mfb', code: '125' },
  { name: 'Signature Bank Ltd', slug: 'signature-bank-ltd', code: '106' },
  { name: 'Sparkle Microfinance Bank', slug: 'sparkle-microfinance-bank', code: '51310' },
  { name: 'Stanbic IBTC Bank', slug: 'stanbic-ibtc-bank', code: '221' },
  { name: 'Standard Chartered Bank', slug: 'standard-chartered-bank', code: '068' },
  { name: 'Sterling Bank', slug: 'sterling-bank', code: '232' },
  { name: 'Suntrust Bank', slug: 'suntrust-bank', code: '100' },
  { name: 'TAJ Bank', slug: 'taj-bank', code: '302' },
  { name: 'Titan Bank', slug: 'titan-bank', code: '102' },
  { name: 'Union Bank of Nigeria', slug: 'union-bank-of-nigeria', code: '032' },
  { name: 'United Bank For Africa', slug: 'united-bank-for-africa', code: '033' },
  { name: 'Unity Bank', slug: 'unity-bank', code: '215' },
  { name: 'VFD Microfinance Bank Limited', slug: 'vfd', code: '566' },
  { name: 'Wema Bank', slug: 'wema-bank', code: '035' },
  { name: 'Zenith Bank', slug: 'zenith-bank', code: '057' },
]

/** Made-up microfinance banks, so that the Nigerian list needs several pages at perPage=50. */
const FILLER_COUNT = 84

/** Copied from the documented South African sample (type basa). */
const DOCUMENTED_SOUTH_AFRICAN: {
  id: number
  name: string
  slug: string
  code: string
  personalOnly?: true
}[] = [
  { id: 140, name: 'Absa Bank Limited, South Africa', slug: 'absa-za', code: '632005' },
  { id: 141, name: 'African Bank Limited', slug: 'african-bank-za', code: '430000' },
  {
    id: 146,
    name: 'Capitec Bank Limited',
    slug: 'capitec-bank-za',
    code: '470010',
    personalOnly: true,
  },
  { id: 147, name: 'Discovery Bank Limited', slug: 'discovery-bank-za', code: '679000' },
  { id: 151, name: 'First National Bank', slug: 'first-national-bank-za', code: '250655' },
  { id: 152, name: 'Grindrod Bank', slug: 'grindrod-bank-za', code: '584000' },
  { id: 153, name: 'Investec Bank Ltd', slug: 'investec-bank-za', code: '580105' },
  { id: 157, name: 'Nedbank', slug: 'nedbank-za', code: '198765' },
  { id: 161, name: 'SASFIN Bank', slug: 'sasfin-bank-za', code: '683000' },
  { id: 163, name: 'Standard Bank South Africa', slug: 'standard-bank-za', code: '051001' },
  { id: 165, name: 'TymeBank', slug: 'tymebank-za', code: '678910' },
]

/** Kenyan banks with their Central Bank of Kenya codes; the docs show no Kenyan bank list. */
const KENYAN: Seed[] = [
  { name: 'Absa Bank Kenya', slug: 'absa-bank-ke', code: '03' },
  { name: 'Co-operative Bank of Kenya', slug: 'co-operative-bank-ke', code: '11' },
  { name: 'Diamond Trust Bank', slug: 'diamond-trust-bank-ltd-ke', code: '63' },
  { name: 'Equity Bank', slug: 'equity-bank-ke', code: '68' },
  { name: 'I&M Bank', slug: 'i-and-m-bank-ke', code: '57' },
  { name: 'Kenya Commercial Bank', slug: 'kcb-bank-ke', code: '01' },
  { name: 'NCBA Bank', slug: 'ncba-bank-ke', code: '07' },
  { name: 'Stanbic Bank Kenya', slug: 'stanbic-bank-ke', code: '31' },
]

function nigerian(seed: Seed, id: number): Bank {
  return {
    name: seed.name,
    slug: seed.slug,
    code: seed.code,
    longcode: '',
    gateway: null,
    pay_with_bank: false,
    active: true,
    is_deleted: false,
    country: 'Nigeria',
    currency: 'NGN',
    type: 'nuban',
    id: seed.id ?? id,
    createdAt: seed.createdAt ?? SEEDED_AT,
    updatedAt: seed.updatedAt === undefined ? SEEDED_AT : seed.updatedAt,
  }
}

function southAfrican(seed: (typeof DOCUMENTED_SOUTH_AFRICAN)[number]): Bank {
  return {
    name: seed.name,
    slug: seed.slug,
    code: seed.code,
    longcode: seed.code,
    gateway: null,
    pay_with_bank: false,
    active: true,
    is_deleted: false,
    country: 'South Africa',
    currency: 'ZAR',
    type: 'basa',
    id: seed.id,
    createdAt: '2020-09-04T10:38:56.000Z',
    updatedAt: null,
    supported_types: seed.personalOnly ? ['personal'] : ['business', 'personal'],
  }
}

function kenyan(seed: Seed, id: number, type: string): Bank {
  return {
    name: seed.name,
    slug: seed.slug,
    code: seed.code,
    longcode: '',
    gateway: null,
    pay_with_bank: false,
    active: true,
    is_deleted: false,
    country: 'Kenya',
    currency: 'KES',
    type,
    id,
    createdAt: SEEDED_AT,
    updatedAt: SEEDED_AT,
  }
}

function fillers(): Seed[] {
  return Array.from({ length: FILLER_COUNT }, (_, index) => {
    const n = index + 1
    return { name: `Test MFB ${n}`, slug: `test-mfb-${n}`, code: `8${String(n).padStart(5, '0')}` }
  })
}

const byName = (a: Bank, b: Bank) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })

/**
 * Every bank, each country sorted by name as Paystack lists them. A fresh copy per call so that
 * one fake's state never leaks into another's.
 */
export function bankDirectory(): Bank[] {
  const ng = [
    ...DOCUMENTED_NIGERIAN.map((seed) => nigerian(seed, 0)),
    ...OTHER_NIGERIAN.map((seed, index) => nigerian(seed, 1 + index)),
    ...fillers().map((seed, index) => nigerian(seed, 1000 + index)),
  ].sort(byName)
  const za = DOCUMENTED_SOUTH_AFRICAN.map(southAfrican).sort(byName)
  const ke = [
    ...KENYAN.map((seed, index) => kenyan(seed, 2000 + index, 'kepss')),
    kenyan({ name: 'M-PESA', slug: 'mpesa', code: 'MPESA' }, 2100, 'mobile_money'),
  ].sort(byName)
  return [...ng, ...za, ...ke]
}
