import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/install.json'

/** Strings of the install instructions alert, which both landing pages carry in their markup. */
export const useInstallMessages = defineMessages('install', messages)
