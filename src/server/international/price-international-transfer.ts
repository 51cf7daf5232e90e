import { and, eq } from 'drizzle-orm'
import type { Queryable } from '#server/db/client.ts'
import { currencies } from '#server/db/schema.ts'
import { findRateMicro, usdCurrencyId } from '#server/market/find-rate.ts'
import type { OwnWallet } from '#server/wallets/find-own-wallet.ts'
import { AppError, type Message, msg } from '#shared/errors.ts'
import {
  type AssetCode,
  add,
  convertAtRate,
  MAX_AMOUNT_MINOR,
  type Money,
  parseAmountOrThrow,
} from '#shared/money.ts'
import {
  feeBasisPointsFor,
  findCountry,
  findRegion,
  type InternationalCountry,
  type InternationalMethod,
  type InternationalRegion,
  internationalFeeOf,
} from '#shared/schemas/international.ts'

export type InternationalPrice = {
  region: InternationalRegion
  country: InternationalCountry
  method: InternationalMethod
  amount: Money
  fee: Money
  feeBasisPoints: bigint
  totalDebit: Money
  rateMicro: bigint
  receive: Money
  receiveCurrencyId: number
}

function refuse(message: Message, path: string): never {
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }])
}

/** Where a region and country code lead, or a 400 naming the field. */
export function findDestination(
  regionId: string,
  countryCode: string,
): { region: InternationalRegion; country: InternationalCountry } {
  const region = findRegion(regionId)
  if (!region) refuse(msg('selectDestinationRegion'), 'region')
  const country = findCountry(region, countryCode)
  if (!country) refuse(msg('selectCountryRegion', { region: region.name }), 'countryCode')
  return { region, country }
}

async function payoutCurrencyId(db: Queryable, country: InternationalCountry): Promise<number> {
  const [row] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(and(eq(currencies.code, country.currency), eq(currencies.isActive, true)))
    .limit(1)
  if (!row) {
    throw new AppError(
      'NOT_AVAILABLE',
      msg('transfersCountryNotAvailable', { country: country.name }),
    )
  }
  return row.id
}

/**
 * What a transfer abroad costs and delivers at today's rate (issue "Money out"): the fee is the
 * method's share of the region's range, charged on top in the sending wallet's currency and
 * rounded half-up; the recipient gets amount x rate in the country's currency, rounded half-up,
 * at the rate the exchange feature quotes (1 when the currencies are the same).
 */
export async function priceInternationalTransfer(
  db: Queryable,
  wallet: OwnWallet,
  input: {
    region: string
    countryCode: string
    method: InternationalMethod
    amount: string | number
  },
): Promise<InternationalPrice> {
  const { region, country } = findDestination(input.region, input.countryCode)
  const amount = parseAmountOrThrow(input.amount, wallet.asset)
  const receiveCurrencyId = await payoutCurrencyId(db, country)
  const rateMicro = await findRateMicro(
    db,
    wallet.currencyId,
    receiveCurrencyId,
    await usdCurrencyId(db),
  )
  return priceAtRate({
    region,
    country,
    method: input.method,
    amount,
    rateMicro,
    receiveCurrencyId,
  })
}

/** The same arithmetic at a given rate, for a quote read back and for the property tests. */
export function priceAtRate(input: {
  region: InternationalRegion
  country: InternationalCountry
  method: InternationalMethod
  amount: Money
  rateMicro: bigint
  receiveCurrencyId: number
}): InternationalPrice {
  const { region, country, method, amount, rateMicro } = input
  const receiveAsset: AssetCode = country.currency
  const receive = convertAtRate(amount, rateMicro, receiveAsset, 'down')
  if (receive.amountMinor <= 0n) {
    refuse(msg('amountTooSmallSend', { country: country.name }), 'amount')
  }
  if (receive.amountMinor > MAX_AMOUNT_MINOR) refuse(msg('amountTooLarge'), 'amount')
  const fee = internationalFeeOf(amount, region, method)
  return {
    region,
    country,
    method,
    amount,
    fee,
    feeBasisPoints: feeBasisPointsFor(region, method),
    totalDebit: add(amount, fee),
    rateMicro,
    receive,
    receiveCurrencyId: input.receiveCurrencyId,
  }
}
