import { useEffect, useRef } from 'react'
import { useSettings } from '#client/entities/settings/use-settings.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { pickStartingWallet } from '#shared/starting-wallet.ts'

/**
 * The wallet a money form starts with (docs/screens.md "Money actions", docs/account.md "Country
 * and currency"): the shared rule of src/shared/starting-wallet.ts, with the user's saved
 * default wallet and display currency. `accepts` narrows the choice to the wallets the form can
 * pay from; with none, there is no default.
 */
export function useDefaultWallet(
  wallets: readonly Wallet[],
  accepts?: (wallet: Wallet) => boolean,
): Wallet | undefined {
  const settings = useSettings()
  return pickStartingWallet(
    wallets,
    {
      defaultWalletId: settings.data?.defaultWalletId,
      displayCurrency: settings.data?.displayCurrency,
    },
    accepts,
  )
}

/**
 * For a form's wallet field: hands the default wallet to `preset` once the wallets have loaded
 * (the form sets its field if the user has not chosen yet), and answers it.
 */
export function useWalletPreset(
  wallets: readonly Wallet[],
  preset: (wallet: Wallet) => void,
): Wallet | undefined {
  const start = useDefaultWallet(wallets)
  const presetRef = useRef(preset)
  presetRef.current = preset
  useEffect(() => {
    if (start) presetRef.current(start)
  }, [start])
  return start
}
