import type { Wallet } from '#shared/schemas/reference.ts'
import type { Bank } from '../../entities/banks/use-banks.ts'
import type { useBankTransferMessages } from './messages.ts'

type BankTransferMessages = ReturnType<typeof useBankTransferMessages>

/** Whether the wallet holds the one currency the bank receives (docs/transfers.md "Banks"). */
export function sameCurrency(wallet: Wallet, bank: Bank): boolean {
  return wallet.currency.code.toUpperCase() === bank.currency.toUpperCase()
}

/**
 * The banks the picker offers for the chosen wallet: those that receive its currency, which are
 * the banks of its country (NGN: Nigeria, ZAR: South Africa, KES: Kenya). A wallet in a currency
 * no bank receives (USD, EUR...), or none chosen yet, offers every bank, by country; choosing one
 * then switches to the wallet that pays it. A bank chosen by a link or a saved recipient stays
 * listed, so the picker shows it with the reason it cannot be paid.
 */
export function banksForWallet(
  banks: readonly Bank[],
  wallet: Wallet | undefined,
  chosenCode: string,
): readonly Bank[] {
  if (!wallet) return banks
  const payable = banks.filter((bank) => sameCurrency(wallet, bank) || bank.code === chosenCode)
  return payable.some((bank) => sameCurrency(wallet, bank)) ? payable : banks
}

/** The first of the user's wallets that can pay the bank, when one can. */
export function walletForBank(wallets: readonly Wallet[], bank: Bank): Wallet | undefined {
  return wallets.find((candidate) => sameCurrency(candidate, bank))
}

/**
 * Whether the chosen bank can be paid. A bank receives one currency only (docs/transfers.md
 * "Banks"), so the form says which wallet pays it, or that none of the user's wallets does. With
 * no bank chosen yet there is nothing to say.
 */
export function bankPayerCheck(
  t: BankTransferMessages,
  bank: Bank | undefined,
  wallet: Wallet | undefined,
  wallets: readonly Wallet[],
): { payerExists: boolean; problem: string | undefined } {
  if (!bank) return { payerExists: true, problem: undefined }
  if (!walletForBank(wallets, bank)) {
    return {
      payerExists: false,
      problem: t('bankNoWallet', { bank: bank.name, currency: bank.currency }),
    }
  }
  const problem =
    wallet && !sameCurrency(wallet, bank)
      ? t('bankWrongWallet', { bank: bank.name, currency: bank.currency })
      : undefined
  return { payerExists: true, problem }
}
