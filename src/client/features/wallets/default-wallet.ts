import { useEffect, useRef } from 'react'
import { useSettings } from '#client/features/settings/use-settings.ts'
import type { Wallet } from '#shared/schemas/reference.ts'

/**
 * The wallet a money form starts with (docs/screens.md "Money actions"): the default wallet
 * chosen in Settings, else the primary wallet, else the first. `accepts` narrows the choice to
 * the wallets the form can pay from; with none, there is no default.
 */
export function pickDefaultWallet(
  wallets: readonly Wallet[],
  defaultWalletId: string | null | undefined,
  accepts: (wallet: Wallet) => boolean = () => true,
): Wallet | undefined {
  const usable = wallets.filter(accepts)
  return (
    usable.find((wallet) => wallet.id === defaultWalletId) ??
    usable.find((wallet) => wallet.isPrimary) ??
    usable[0]
  )
}

/** `pickDefaultWallet` with the user's saved default wallet. */
export function useDefaultWallet(
  wallets: readonly Wallet[],
  accepts?: (wallet: Wallet) => boolean,
): Wallet | undefined {
  const settings = useSettings()
  return pickDefaultWallet(wallets, settings.data?.defaultWalletId, accepts)
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
