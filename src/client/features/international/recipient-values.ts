import {
  ACCOUNT_OR_IBAN_MAX_LENGTH,
  ACCOUNT_OR_IBAN_MIN_LENGTH,
  accountCharactersOf,
  BANK_NAME_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  type InternationalMethod,
  type InternationalRecipient,
  PHONE_DIGITS_MAX,
  PHONE_DIGITS_MIN,
  phoneDigitsOf,
  WALLET_PROVIDER_MAX_LENGTH,
} from '#shared/schemas/international.ts'
import type { Recipient } from '#shared/schemas/recipients.ts'
import type { useInternationalMessages } from './messages.ts'

type MessageKey = Parameters<ReturnType<typeof useInternationalMessages>>[0]

/** Every field any method asks for, as typed; a method reads the ones it needs. */
export type RecipientValues = {
  fullName: string
  bankName: string
  accountNumber: string
  swiftCode: string
  phoneNumber: string
  walletProvider: string
}
export type RecipientField = keyof RecipientValues

export const EMPTY_RECIPIENT: RecipientValues = {
  fullName: '',
  bankName: '',
  accountNumber: '',
  swiftCode: '',
  phoneNumber: '',
  walletProvider: '',
}

/** The fields each method asks for, in the order the form shows them. */
export const FIELDS_BY_METHOD: Readonly<Record<InternationalMethod, readonly RecipientField[]>> = {
  bank_wire: ['fullName', 'bankName', 'accountNumber', 'swiftCode'],
  cash_pickup: ['fullName', 'phoneNumber'],
  mobile_wallet: ['fullName', 'phoneNumber', 'walletProvider'],
}

export type RecipientProblem = { key: MessageKey; values?: Record<string, number> }

function phoneProblem(text: string, required: MessageKey): RecipientProblem | undefined {
  const trimmed = text.trim()
  if (!trimmed) return { key: required }
  if (trimmed.length > 24 || !/^\+?[\d\s()-]+$/.test(trimmed)) return { key: 'phoneInvalid' }
  const digits = phoneDigitsOf(trimmed).replace(/^\+/, '')
  if (digits.length < PHONE_DIGITS_MIN || digits.length > PHONE_DIGITS_MAX) {
    return { key: 'phoneInvalid' }
  }
  return undefined
}

function requiredText(
  text: string,
  required: MessageKey,
  max: number,
  tooLong: MessageKey | undefined,
): RecipientProblem | undefined {
  const trimmed = text.trim()
  if (trimmed.length < 2) return { key: required }
  if (trimmed.length > max) return tooLong ? { key: tooLong, values: { max } } : { key: required }
  return undefined
}

/**
 * What is wrong with the recipient's details for a method, field by field, by the rules of
 * the shared request schema (the server checks them again), worded by the client's catalog.
 */
export function recipientProblems(
  method: InternationalMethod,
  values: RecipientValues,
): Partial<Record<RecipientField, RecipientProblem>> {
  const problems: Partial<Record<RecipientField, RecipientProblem>> = {}
  const fullName = requiredText(
    values.fullName,
    'fullNameRequired',
    FULL_NAME_MAX_LENGTH,
    'fullNameTooLong',
  )
  if (fullName) problems.fullName = fullName
  if (method === 'bank_wire') {
    const bankName = requiredText(
      values.bankName,
      'bankNameRequired',
      BANK_NAME_MAX_LENGTH,
      undefined,
    )
    if (bankName) problems.bankName = bankName
    const account = values.accountNumber.trim()
    const characters = accountCharactersOf(account)
    if (!account) problems.accountNumber = { key: 'accountNumberRequired' }
    else if (!/^[A-Za-z0-9 ]+$/.test(account))
      problems.accountNumber = { key: 'accountNumberCharacters' }
    else if (
      characters.length < ACCOUNT_OR_IBAN_MIN_LENGTH ||
      characters.length > ACCOUNT_OR_IBAN_MAX_LENGTH
    )
      problems.accountNumber = { key: 'accountNumberLength' }
    const swift = values.swiftCode.trim()
    if (swift && !/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/.test(swift))
      problems.swiftCode = { key: 'swiftCodeInvalid' }
  } else {
    const phone = phoneProblem(
      values.phoneNumber,
      method === 'cash_pickup' ? 'phoneRequired' : 'mobileRequired',
    )
    if (phone) problems.phoneNumber = phone
    if (method === 'mobile_wallet') {
      const provider = requiredText(
        values.walletProvider,
        'walletProviderRequired',
        WALLET_PROVIDER_MAX_LENGTH,
        undefined,
      )
      if (provider) problems.walletProvider = provider
    }
  }
  return problems
}

/** The request's recipient for a method, from the typed values (only that method's fields). */
export function toRecipientPayload(
  method: InternationalMethod,
  values: RecipientValues,
): InternationalRecipient {
  const fullName = values.fullName.trim()
  if (method === 'bank_wire') {
    const swiftCode = values.swiftCode.trim()
    return {
      method,
      fullName,
      bankName: values.bankName.trim(),
      accountNumber: values.accountNumber.trim(),
      ...(swiftCode ? { swiftCode } : {}),
    }
  }
  if (method === 'cash_pickup') {
    return { method, fullName, phoneNumber: values.phoneNumber.trim() }
  }
  return {
    method,
    fullName,
    phoneNumber: values.phoneNumber.trim(),
    walletProvider: values.walletProvider.trim(),
  }
}

/** A saved recipient's details as the form's values. */
export function valuesOfRecipient(recipient: Recipient): RecipientValues {
  return {
    fullName: recipient.name,
    bankName: recipient.details.bankName ?? '',
    accountNumber: recipient.accountNumber ?? '',
    swiftCode: recipient.details.swiftCode ?? '',
    phoneNumber: recipient.phoneNumber ?? '',
    walletProvider: recipient.details.walletProvider ?? '',
  }
}
