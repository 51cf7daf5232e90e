import { useQueryClient } from '@tanstack/react-query'
import { useLocation } from 'wouter'
import type { ReviewRow } from '#client/components/money-action/use-money-action.ts'
import { useMoneyAction } from '#client/components/money-action/use-money-action.ts'
import {
  SCHEDULES_QUERY_KEY,
  scheduledTransferPath,
} from '#client/entities/scheduled-transfers/use-scheduled-transfers.ts'
import { scheduledTransferDetailsSchema } from '#shared/schemas/scheduled-transfers.ts'
import { describeSchedule, formatScheduleDay } from './describe-schedule.ts'
import { useScheduleMessages } from './messages.ts'
import type { ScheduleChoice } from './schedule-fields.tsx'

/**
 * Setting up a scheduled transfer from a transfer form: the one money-action flow (review, PIN,
 * Idempotency-Key), posting to /api/scheduled-transfers; the PIN is the standing authorisation,
 * as the review says. Once set up, the schedule's own page opens.
 */
export function useScheduleAction(onScheduled: () => void) {
  const t = useScheduleMessages()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  return useMoneyAction({
    parse: (data) => scheduledTransferDetailsSchema.parse(data),
    // Nothing has moved yet: no receipt, the schedule's page instead.
    transactionIdOf: () => null,
    failure: { title: t('failedTitle'), message: t('failedText') },
    success: { title: t('scheduledTitle'), description: t('scheduledText') },
    onSuccess: async () => {
      onScheduled()
      await queryClient.invalidateQueries({ queryKey: SCHEDULES_QUERY_KEY })
    },
    onReceiptClosed: (schedule) => navigate(scheduledTransferPath(schedule.id)),
  })
}

/** The review's lines about when it runs, and the authorisation the PIN gives. */
export function useScheduleReview() {
  const t = useScheduleMessages()
  return (choice: ScheduleChoice): { title: string; rows: ReviewRow[]; note: string } => ({
    title: t('reviewScheduleTitle'),
    rows: [
      { label: t('reviewHowOften'), value: describeSchedule(choice, t), text: true },
      { label: t('reviewFirst'), value: formatScheduleDay(choice.startDate), text: true },
      ...(choice.frequency === 'once'
        ? []
        : [
            {
              label: t('reviewEnds'),
              value: choice.endDate ? formatScheduleDay(choice.endDate) : t('reviewNoEnd'),
              text: true,
            },
          ]),
    ],
    note: t('authorisation'),
  })
}
