import { defineMessages } from '#client/i18n/i18n.ts'

export const useWalletMessages = defineMessages('wallets', {
  walletOption: '{{code}} · {{balance}}',
  available: 'Available: {{balance}}',
  walletsUnavailable: "Couldn't load your wallets",
  openWalletTitle: 'Open a wallet',
  openWalletDescription:
    'Hold money in another currency. A new wallet starts at zero and is ready at once.',
  currencyLegend: 'Currency',
  noCurrenciesLeft: 'You already have a wallet in every currency Sabi offers.',
  currenciesLoading: 'Loading currencies',
  currenciesUnavailable: "Couldn't load currencies",
  retry: 'Retry',
  selectCurrency: 'Please select a currency',
  openWallet: 'Open Wallet',
  openingWallet: 'Opening...',
  walletOpenedTitle: 'Wallet Opened',
  walletOpenedText: 'Your {{currency}} wallet is ready',
  openWalletFailedTitle: 'Wallet Not Opened',
  openWalletFailedText: 'Failed to open wallet',
  close: 'Close',
} as const)
