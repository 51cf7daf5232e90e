import { formatAmount } from '#client/lib/format-amount.ts'
import type { NotificationData } from '#shared/schemas/notifications.ts'
import type { useNotificationMessages } from './messages.ts'

type Translate = ReturnType<typeof useNotificationMessages>

/** An event's amount, as every money notification writes it. */
function amountOf(data: { amount: string; currency: string; symbol: string }): string {
  return formatAmount(data.amount, { code: data.currency, symbol: data.symbol })
}

/**
 * A notification's title and text in the language on screen, the amount written by the one
 * amount formatter ("You received ₦1,234.00 from Ada Obi"). The server words its e-mails, SMS
 * and pushes the same way (src/server/notifications/render-message.ts).
 */
export function describeNotification(
  data: NotificationData,
  t: Translate,
): { title: string; body: string } {
  switch (data.kind) {
    case 'money_received':
      return {
        title: t('kindMoneyReceivedTitle'),
        body: t('kindMoneyReceivedBody', {
          amount: amountOf(data),
          name: data.fromName,
        }),
      }
    case 'payout_completed':
      return {
        title: t('kindPayoutCompletedTitle'),
        body: t('kindPayoutCompletedBody', {
          amount: amountOf(data),
        }),
      }
    case 'payout_failed':
      return {
        title: t('kindPayoutFailedTitle'),
        body: t('kindPayoutFailedBody', {
          amount: amountOf(data),
        }),
      }
    case 'payment_request_paid':
      return {
        title: t('kindRequestPaidTitle'),
        body: t('kindRequestPaidBody', {
          amount: amountOf(data),
          name: data.fromName,
        }),
      }
    case 'pos_sale_paid':
      return {
        title: t('kindSalePaidTitle'),
        body: t('kindSalePaidBody', {
          amount: amountOf(data),
          name: data.fromName,
        }),
      }
    case 'new_device_sign_in':
      return {
        title: t('kindNewDeviceTitle'),
        body: t('kindNewDeviceBody', { device: data.device }),
      }
    case 'password_changed':
      return { title: t('kindPasswordTitle'), body: t('kindPasswordBody') }
    case 'pin_changed':
      return { title: t('kindPinTitle'), body: t('kindPinBody') }
    case 'two_factor_changed':
      return data.enabled
        ? { title: t('kindTwoFactorOnTitle'), body: t('kindTwoFactorOnBody') }
        : { title: t('kindTwoFactorOffTitle'), body: t('kindTwoFactorOffBody') }
  }
}
