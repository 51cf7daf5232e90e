import { Banknote, Landmark, type LucideIcon, Smartphone } from 'lucide-react'
import {
  type DeliveryEstimate,
  type InternationalMethod,
  REGION_IDS,
  type RegionId,
} from '#shared/schemas/international.ts'
import type { useInternationalMessages } from './messages.ts'

type MessageKey = Parameters<ReturnType<typeof useInternationalMessages>>[0]

export const REGION_LABELS: Readonly<Record<RegionId, MessageKey>> = {
  'north-america': 'regionNorthAmerica',
  europe: 'regionEurope',
  'asia-pacific': 'regionAsiaPacific',
  'middle-east': 'regionMiddleEast',
  caribbean: 'regionCaribbean',
  'latin-america': 'regionLatinAmerica',
}

function isRegionId(id: string): id is RegionId {
  return REGION_IDS.some((candidate) => candidate === id)
}

export function regionLabelOf(id: string): MessageKey | undefined {
  return isRegionId(id) ? REGION_LABELS[id] : undefined
}

export const DELIVERY_LABELS: Readonly<Record<DeliveryEstimate, MessageKey>> = {
  one_to_three_business_days: 'deliveryOneToThreeBusinessDays',
  within_hours: 'deliveryWithinHours',
  within_minutes: 'deliveryWithinMinutes',
}

/** The three method cards: how long each takes and how its fees compare. */
export const METHOD_DISPLAY: Readonly<
  Record<
    InternationalMethod,
    { label: MessageKey; text: MessageKey; fees: MessageKey; icon: LucideIcon; tone: string }
  >
> = {
  bank_wire: {
    label: 'methodBankWire',
    text: 'methodBankWireText',
    fees: 'feesLowest',
    icon: Landmark,
    tone: 'bg-sky-100 text-sky-700 dark:bg-sky-900/40 dark:text-sky-300',
  },
  cash_pickup: {
    label: 'methodCashPickup',
    text: 'methodCashPickupText',
    fees: 'feesMedium',
    icon: Banknote,
    tone: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  },
  mobile_wallet: {
    label: 'methodMobileWallet',
    text: 'methodMobileWalletText',
    fees: 'feesHigher',
    icon: Smartphone,
    tone: 'bg-violet-100 text-violet-700 dark:bg-violet-900/40 dark:text-violet-300',
  },
}
