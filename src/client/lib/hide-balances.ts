import { deviceChoice, useDeviceChoice } from './device-choice.ts'

/**
 * Whether the dashboard hides its balances behind a mask, as Nigerian banking apps let people do
 * on a crowded bus (docs/offline.md "Data saver and hidden balances"). The choice is this
 * device's, not the account's (lib/device-choice.ts).
 */

export const HIDE_BALANCES_STORAGE_KEY = 'sabi.hideBalances'

/** What a hidden amount shows: the same few dots whatever the amount, so its size says nothing. */
export const BALANCE_MASK = '••••••'

// Shown unless the user hides them; showing them again forgets the choice.
const choice = deviceChoice(HIDE_BALANCES_STORAGE_KEY, () => false)

/** True while balances are hidden on this device. */
export const areBalancesHidden = choice.get

export function setBalancesHidden(next: boolean): void {
  choice.set(next ? true : null)
}

/** Calls `listener` whenever the choice changes, here or in another tab of this browser. */
export const subscribeToHideBalances = choice.subscribe

/**
 * The hide-balances choice and the way to change it. A page rendered ahead of time (the
 * prerendered landing) gets the default, shown.
 */
export function useHideBalances(): [hidden: boolean, setHidden: (hidden: boolean) => void] {
  return [useDeviceChoice(choice), setBalancesHidden]
}
