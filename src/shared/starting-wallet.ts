import { parseScaled } from './money.ts'

/**
 * Which wallet a money form, Exchange and USSD start from (docs/account.md "Country and
 * currency"). One rule for the client and the server, so the app and the feature phone agree.
 */

/** What the rule reads of a wallet (a `Wallet` of src/shared/schemas/reference.ts). */
export type WalletForStart = {
  readonly id: string
  readonly isPrimary: boolean
  /** Exact decimal text of the balance. */
  readonly balance: string
  /** The balance's worth in naira, 2 decimals, to compare wallets of different currencies. */
  readonly nairaValue?: string | undefined
  readonly currency: { readonly code: string }
}

export type StartPreference = {
  /** The default wallet the user chose in Settings, if any: an explicit choice wins. */
  readonly defaultWalletId?: string | null | undefined
  /** The currency the user sees their money in (Settings' display currency). */
  readonly displayCurrency?: string | null | undefined
}

/** A wallet holds money when its balance, read exactly by the money module, is above zero. */
export function isFunded(wallet: Pick<WalletForStart, 'balance'>): boolean {
  try {
    return parseScaled(wallet.balance, 18) > 0n
  } catch {
    return false
  }
}

/** The naira value as an integer of kobo, for comparing; a malformed value counts as nothing. */
function koboOf(wallet: WalletForStart): bigint {
  try {
    return parseScaled(wallet.nairaValue ?? '0', 2)
  } catch {
    return 0n
  }
}

/**
 * The funded wallet worth the most, the earlier one on a tie (the list comes primary first), or
 * undefined when nothing is funded.
 */
export function walletWithMostValue<W extends WalletForStart>(
  wallets: readonly W[],
): W | undefined {
  let best: W | undefined
  let bestKobo = -1n
  for (const wallet of wallets) {
    if (!isFunded(wallet)) continue
    const kobo = koboOf(wallet)
    if (kobo > bestKobo) {
      best = wallet
      bestKobo = kobo
    }
  }
  return best
}

/**
 * The wallet to start from, among those `accepts` lets the form pay from: the default wallet
 * chosen in Settings; else the funded wallet of the display currency; else the funded wallet
 * worth the most; else the (empty) wallet of the display currency; else the primary; else the
 * first. So a naira user who holds naira never opens a form on an empty dollar wallet.
 */
export function pickStartingWallet<W extends WalletForStart>(
  wallets: readonly W[],
  preference: StartPreference,
  accepts: (wallet: W) => boolean = () => true,
): W | undefined {
  const usable = wallets.filter(accepts)
  const display = preference.displayCurrency
  const inDisplay = (wallet: W) => wallet.currency.code === display
  return (
    usable.find((wallet) => wallet.id === preference.defaultWalletId) ??
    usable.find((wallet) => inDisplay(wallet) && isFunded(wallet)) ??
    walletWithMostValue(usable) ??
    usable.find(inDisplay) ??
    usable.find((wallet) => wallet.isPrimary) ??
    usable[0]
  )
}
