import { defineMessages } from '#client/i18n/i18n.ts'

/**
 * Strings of the components that load with every page (spinner, toaster, error screen, the
 * signed-out redirect), so they stay few and short.
 */
export const useCommonMessages = defineMessages('common', {
  loading: 'Loading...',
  notifications: 'Notifications ({hotkey})',
  closeNotification: 'Close notification',
  unauthorizedTitle: 'Unauthorized',
  unauthorizedDescription: 'You are logged out. Logging in again...',
  errorRecoveryTitle: 'Error Recovery Mode',
  errorRecoveryDescription:
    'Something went wrong while showing this page. Reloading usually fixes it; your money and data are safe.',
  reload: 'Reload',
  homeLabel: 'Sabi home',
} as const)
