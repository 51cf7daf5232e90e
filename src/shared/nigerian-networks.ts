import { toE164 } from './phone-numbers.ts'

/** The four Nigerian mobile networks, by the ids of their billers (src/shared/schemas/bills.ts). */
export type NigerianNetwork = 'mtn' | 'airtel' | 'glo' | '9mobile'

/**
 * The number blocks the Nigerian Communications Commission gave each network, as national
 * prefixes (docs/transfers.md "Airtime"). Longer prefixes are checked first: 07025 and 07026
 * are MTN's inside a block that is otherwise Visafone's (now MTN's too).
 */
const PREFIXES: Record<NigerianNetwork, readonly string[]> = {
  mtn: [
    '0703',
    '0704',
    '0706',
    '07025',
    '07026',
    '0803',
    '0806',
    '0810',
    '0813',
    '0814',
    '0816',
    '0903',
    '0906',
    '0913',
    '0916',
  ],
  airtel: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0911', '0912'],
  glo: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  '9mobile': ['0809', '0817', '0818', '0908', '0909'],
}

const BY_PREFIX = Object.entries(PREFIXES)
  .flatMap(([network, prefixes]) => prefixes.map((prefix) => ({ prefix, network })))
  .sort((a, b) => b.prefix.length - a.prefix.length)

function isNetwork(value: string): value is NigerianNetwork {
  return value in PREFIXES
}

/**
 * The network a Nigerian mobile number was issued to, read from its prefix, or undefined when the
 * text is not a Nigerian mobile number or its block is unknown. A guess to start from: numbers
 * move between networks (porting), so the person can always choose another.
 */
export function guessNigerianNetwork(text: string): NigerianNetwork | undefined {
  const e164 = toE164(text)
  if (!e164?.startsWith('+234')) return undefined
  const national = `0${e164.slice(4)}`
  const found = BY_PREFIX.find((entry) => national.startsWith(entry.prefix))
  return found && isNetwork(found.network) ? found.network : undefined
}
