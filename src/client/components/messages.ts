import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/common.json'

/**
 * Strings of the components that load with every page (spinner, toaster, error screen, the
 * signed-out redirect), so they stay few and short.
 */
export const useCommonMessages = defineMessages('common', messages)
