import {
  Home,
  Landmark,
  type LucideIcon,
  Receipt,
  ShieldCheck,
  Smartphone,
  Tv,
  Wifi,
  Zap,
} from 'lucide-react'
import type {
  BillPaymentType,
  CustomerNumberKind,
  CustomerNumberRule,
} from '#shared/schemas/bills.ts'
import type { useBillMessages } from './messages.ts'

export type BillMessages = ReturnType<typeof useBillMessages>
type BillMessageKey = Parameters<BillMessages>[0]

/** How each bill type looks on its button and in the bill type list. */
export const BILL_TYPE_LOOKS: Readonly<
  Record<BillPaymentType, { label: BillMessageKey; icon: LucideIcon; tone: string }>
> = {
  electricity: {
    label: 'typeElectricity',
    icon: Zap,
    tone: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  },
  mobile: {
    label: 'typeMobile',
    icon: Smartphone,
    tone: 'bg-sky-100 text-sky-700 dark:bg-sky-900/40 dark:text-sky-300',
  },
  internet: {
    label: 'typeInternet',
    icon: Wifi,
    tone: 'bg-violet-100 text-violet-700 dark:bg-violet-900/40 dark:text-violet-300',
  },
  cabletv: {
    label: 'typeCabletv',
    icon: Tv,
    tone: 'bg-rose-100 text-rose-700 dark:bg-rose-900/40 dark:text-rose-300',
  },
  insurance: {
    label: 'typeInsurance',
    icon: ShieldCheck,
    tone: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  },
  rent: {
    label: 'typeRent',
    icon: Home,
    tone: 'bg-orange-100 text-orange-700 dark:bg-orange-900/40 dark:text-orange-300',
  },
  government: {
    label: 'typeGovernment',
    icon: Landmark,
    tone: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  },
  tax: {
    label: 'typeTax',
    icon: Receipt,
    tone: 'bg-sky-100 text-sky-700 dark:bg-sky-900/40 dark:text-sky-300',
  },
}

const NUMBER_LABELS: Readonly<Record<CustomerNumberKind, BillMessageKey>> = {
  meter: 'numberMeter',
  phone: 'numberPhone',
  customerId: 'numberCustomerId',
  smartcard: 'numberSmartcard',
  policy: 'numberPolicy',
  tenant: 'numberTenant',
  paymentReference: 'numberPaymentReference',
}

/**
 * What the number field is called: the chosen biller's own name for it, "Payment reference"
 * for government and tax payments, else "Account/meter number" (docs/screens.md).
 */
export function customerNumberLabel(
  t: BillMessages,
  type: BillPaymentType | undefined,
  rule: CustomerNumberRule | undefined,
): string {
  if (rule) return t(NUMBER_LABELS[rule.kind])
  if (type === 'government' || type === 'tax') return t('numberPaymentReference')
  // Every network tops up a phone number: the field says so before one is chosen.
  if (type === 'mobile') return t(NUMBER_LABELS.phone)
  return t('numberAccount')
}

/** "11 to 13 digits", "12 digits", "6 to 20 letters or digits". */
export function customerNumberRuleText(t: BillMessages, rule: CustomerNumberRule): string {
  const { minLength: min, maxLength: max } = rule
  if (rule.characters === 'digits') {
    return min === max ? t('ruleDigitsExact', { length: min }) : t('ruleDigitsRange', { min, max })
  }
  return min === max
    ? t('ruleCharactersExact', { length: min })
    : t('ruleCharactersRange', { min, max })
}
