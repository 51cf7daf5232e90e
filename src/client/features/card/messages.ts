import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/card.json'

/**
 * Strings of the card page (docs/screens.md "Card page"): the visitor's sample card and the
 * signed-in user's own card, its reveal, replacement and physical-card dialogs.
 */
export const useCardMessages = defineMessages('card', messages)
