import { defineMessages } from '#client/i18n/i18n.ts'
import messages from '#client/locales/en/profile.json'

/**
 * Strings of the profile page (docs/screens.md "Profile screen"), its dialogs and quick actions.
 */
export const useProfileMessages = defineMessages('profile', messages)
