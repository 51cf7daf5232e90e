import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/wallets.json'

export const useWalletMessages = defineMessages('wallets', messages)
