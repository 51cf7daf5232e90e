import { formatAmount } from '#client/lib/format-amount.ts'
import { groupToken } from '#shared/meter-token.ts'
import {
  type DisputeMessage,
  disputeMessageOf,
  type NotificationData,
  type PayoutMessage,
  payoutMessageOf,
  type ScheduleMessage,
  scheduleMessageOf,
} from '#shared/schemas/notifications.ts'
import type { useNotificationMessages } from './messages.ts'

type Translate = ReturnType<typeof useNotificationMessages>
type MessageKey = Parameters<Translate>[0]

/**
 * The catalog's title and text of each payout message (src/shared/schemas/notifications.ts), so
 * an airtime top-up is "Airtime sent", never "Transfer delivered" (issue 31).
 */
const PAYOUT_KEYS: Record<PayoutMessage, { title: MessageKey; body: MessageKey }> = {
  payout_completed: { title: 'kindPayoutCompletedTitle', body: 'kindPayoutCompletedBody' },
  payout_failed: { title: 'kindPayoutFailedTitle', body: 'kindPayoutFailedBody' },
  bank_transfer_completed: {
    title: 'kindBankTransferCompletedTitle',
    body: 'kindBankTransferCompletedBody',
  },
  bank_transfer_failed: {
    title: 'kindBankTransferFailedTitle',
    body: 'kindBankTransferFailedBody',
  },
  international_transfer_completed: {
    title: 'kindInternationalTransferCompletedTitle',
    body: 'kindInternationalTransferCompletedBody',
  },
  international_transfer_failed: {
    title: 'kindInternationalTransferFailedTitle',
    body: 'kindInternationalTransferFailedBody',
  },
  bill_paid: { title: 'kindBillPaidTitle', body: 'kindBillPaidBody' },
  bill_paid_token: { title: 'kindBillPaidTokenTitle', body: 'kindBillPaidTokenBody' },
  bill_failed: { title: 'kindBillFailedTitle', body: 'kindBillFailedBody' },
  airtime_sent: { title: 'kindAirtimeSentTitle', body: 'kindAirtimeSentBody' },
  airtime_failed: { title: 'kindAirtimeFailedTitle', body: 'kindAirtimeFailedBody' },
}

/** The catalog's title and text of each change of a report (docs/disputes.md "Notifications"). */
const DISPUTE_KEYS: Record<DisputeMessage, { title: MessageKey; body: MessageKey }> = {
  dispute_in_review: { title: 'kindDisputeInReviewTitle', body: 'kindDisputeInReviewBody' },
  dispute_refunded: { title: 'kindDisputeRefundedTitle', body: 'kindDisputeRefundedBody' },
  dispute_declined: { title: 'kindDisputeDeclinedTitle', body: 'kindDisputeDeclinedBody' },
}

/** The catalog's title and text of each scheduled transfer event (docs/scheduled-transfers.md). */
const SCHEDULE_KEYS: Record<ScheduleMessage, { title: MessageKey; body: MessageKey }> = {
  scheduled_transfer_sent: { title: 'kindScheduleSentTitle', body: 'kindScheduleSentBody' },
  scheduled_transfer_retry: { title: 'kindScheduleRetryTitle', body: 'kindScheduleRetryBody' },
  scheduled_transfer_skipped: {
    title: 'kindScheduleSkippedTitle',
    body: 'kindScheduleSkippedBody',
  },
  scheduled_transfer_refused: {
    title: 'kindScheduleRefusedTitle',
    body: 'kindScheduleRefusedBody',
  },
  scheduled_transfer_reminder: {
    title: 'kindScheduleReminderTitle',
    body: 'kindScheduleReminderBody',
  },
}

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
    case 'payout_failed': {
      const keys = PAYOUT_KEYS[payoutMessageOf(data)]
      return {
        title: t(keys.title),
        body: t(keys.body, {
          amount: amountOf(data),
          payee: data.payee ?? '',
          token: 'token' in data && data.token ? groupToken(data.token) : '',
        }),
      }
    }
    case 'payout_reversed':
      return {
        title: t('kindPayoutReversedTitle'),
        body: t('kindPayoutReversedBody', { amount: amountOf(data), payee: data.payee ?? '' }),
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
    case 'pos_card_sale_paid':
      return {
        title: t('kindCardSalePaidTitle'),
        body: t('kindCardSalePaidBody', { amount: amountOf(data) }),
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
    case 'phone_changed':
      return { title: t('kindPhoneChangedTitle'), body: t('kindPhoneChangedBody') }
    case 'pin_failed':
      return {
        title: t('kindPinFailedTitle'),
        body: t('kindPinFailedBody', { attemptsLeft: data.attemptsLeft }),
      }
    case 'pin_locked':
      return { title: t('kindPinLockedTitle'), body: t('kindPinLockedBody') }
    case 'account_frozen':
      return { title: t('kindAccountFrozenTitle'), body: t('kindAccountFrozenBody') }
    case 'account_unfrozen':
      return { title: t('kindAccountUnfrozenTitle'), body: t('kindAccountUnfrozenBody') }
    case 'identity_review':
      return data.outcome === 'approved'
        ? { title: t('kindIdentityApprovedTitle'), body: t('kindIdentityApprovedBody') }
        : {
            title: t('kindIdentityRejectedTitle'),
            body: t('kindIdentityRejectedBody', { reason: data.reason ?? '' }),
          }
    case 'dispute_opened':
      return {
        title: t('kindDisputeOpenedTitle'),
        body: t('kindDisputeOpenedBody', { reference: data.reference }),
      }
    case 'dispute_updated': {
      const keys = DISPUTE_KEYS[disputeMessageOf(data)]
      return {
        title: t(keys.title),
        body: t(keys.body, { reference: data.reference, note: data.note ?? '' }),
      }
    }
    case 'scheduled_transfer_sent':
    case 'scheduled_transfer_missed':
    case 'scheduled_transfer_reminder': {
      const keys = SCHEDULE_KEYS[scheduleMessageOf(data)]
      return {
        title: t(keys.title),
        body: t(keys.body, { amount: amountOf(data), payee: data.payee }),
      }
    }
  }
}
