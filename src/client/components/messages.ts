import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/common.json'

/**
 * Strings of the components that load with every page (spinner, toaster, error screen, the
 * signed-out redirect, the document title), so they stay few and short.
 */
export const useCommonMessages = defineMessages('common', messages)

/** The landing page's title and description, which the static pages carry in their <head>. */
export function homeTitle(): { title: string; description: string } {
  return {
    title: useCommonMessages.t('homeTitle'),
    description: useCommonMessages.t('homeDescription'),
  }
}
