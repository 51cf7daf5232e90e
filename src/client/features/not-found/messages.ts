import { defineMessages } from '#client/i18n/i18n.ts'

export const useNotFoundMessages = defineMessages('notFound', {
  title: '404 Page Not Found',
  text: 'Did you forget to add the page to the router?',
  home: 'Go to home',
} as const)
