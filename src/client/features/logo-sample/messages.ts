import { defineMessages } from '#client/i18n/i18n.ts'

/** Strings of /logo-sample, which compares the two logo designs (docs/screens.md "Routes"). */
export const useLogoSampleMessages = defineMessages('logoSample', {
  title: 'Logo designs',
  subtitle: 'Two designs for the Sabi mark. The green S is the one in use across the app.',
  activeBadge: 'Active',
  alternativeBadge: 'Alternative',
  greenName: 'Green S',
  greenText: 'A white S on a rounded emerald square: calm, trustworthy and readable at any size.',
  altName: 'Exchange loop',
  altText: 'Two arrows in amber and mint on midnight blue, for money that moves both ways.',
  onLight: 'On light',
  onDark: 'On dark',
  colours: 'Colours',
  backHome: 'Back to home',
  greenLabel: 'The green S logo',
  altLabel: 'The exchange loop logo',
} as const)
