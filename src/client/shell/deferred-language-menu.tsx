import { deferredMenu } from '#client/components/deferred-menu.tsx'
import { LanguageButton } from './language-button.tsx'

/**
 * The EN / FR / ES / HA selector of the header, its menu's code loaded after the first paint
 * (components/deferred-menu.tsx): the app's header and the sign-in and sign-up pages show it.
 */
export const DeferredLanguageMenu = deferredMenu(
  () => import('./language-menu.tsx').then((m) => m.LanguageMenu),
  LanguageButton,
)
