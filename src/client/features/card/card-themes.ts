/**
 * The card designs (docs/account.md "Card"); each is a CSS gradient so a theme costs no image
 * bytes.
 */
export const CARD_THEMES = {
  rainbow:
    'bg-[linear-gradient(135deg,#be123c_0%,#c2410c_25%,#047857_55%,#1d4ed8_80%,#6d28d9_100%)]',
  ocean: 'bg-[linear-gradient(135deg,#0369a1_0%,#0e7490_45%,#1e3a8a_100%)]',
  sunset: 'bg-[linear-gradient(135deg,#c2410c_0%,#be123c_50%,#6b21a8_100%)]',
  galaxy:
    'bg-[radial-gradient(circle_at_20%_20%,rgba(255,255,255,0.18)_0_1px,transparent_2px),radial-gradient(circle_at_70%_60%,rgba(255,255,255,0.14)_0_1px,transparent_2px),linear-gradient(135deg,#1e1b4b_0%,#581c87_50%,#020617_100%)]',
} as const

export type CardTheme = keyof typeof CARD_THEMES

export const CARD_THEME_NAMES: readonly CardTheme[] = ['rainbow', 'ocean', 'sunset', 'galaxy']
