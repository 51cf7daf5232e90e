import { useState } from 'react'
import { MoneyActionSheet } from '#client/components/money-action/money-action-sheet.tsx'
import { useScheduleMessages } from '#client/components/schedule/messages.ts'
import {
  type ScheduleChoice,
  ScheduleFields,
  type ScheduleProblems,
  scheduleBody,
  scheduleProblems,
  sendNow,
} from '#client/components/schedule/schedule-fields.tsx'
import {
  useScheduleAction,
  useScheduleReview,
} from '#client/components/schedule/use-schedule-action.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { amountPlaceholder, readAmountInput } from '#client/lib/amount-input.ts'
import { describeAmountProblem, useAmountMessages } from '#client/lib/amount-messages.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { formatMoney } from '#shared/money.ts'
import type { Pocket } from '#shared/schemas/pockets.ts'
import { usePocketMessages } from './messages.ts'

/**
 * Auto-save (docs/pockets.md): a fixed amount from the wallet into the pocket on a schedule, set
 * up as any scheduled transfer is, confirmed with the PIN as its standing authorisation.
 */
export function AutoSaveDialog({ pocket, onClose }: { pocket: Pocket; onClose: () => void }) {
  const t = usePocketMessages()
  const s = useScheduleMessages()
  const a = useAmountMessages()
  const [text, setText] = useState('')
  const [amountProblem, setAmountProblem] = useState<string | undefined>()
  const [schedule, setSchedule] = useState<ScheduleChoice>(() => ({ ...sendNow(), when: 'later' }))
  const [problems, setProblems] = useState<ScheduleProblems>({})
  const scheduling = useScheduleAction(onClose)
  const scheduleReview = useScheduleReview()

  function review() {
    const amount = readAmountInput(text, pocket.currency)
    setAmountProblem(
      amount.ok ? undefined : describeAmountProblem(amount.problem, pocket.currency, a),
    )
    const found = scheduleProblems(schedule, s)
    setProblems(found)
    if (!amount.ok || Object.keys(found).length > 0) return
    const when = scheduleReview(schedule)
    scheduling.review({
      path: '/api/scheduled-transfers',
      body: {
        kind: 'pocket',
        pocketId: pocket.id,
        amount: formatMoney(amount.value),
        ...scheduleBody(schedule),
      },
      review: {
        title: t('autoSaveTitle', { pocket: pocket.name }),
        rows: [
          {
            label: t('summaryAmount'),
            value: formatAmount(amount.value, { code: pocket.currency, symbol: pocket.symbol }),
            strong: true,
          },
          ...when.rows,
        ],
        note: when.note,
      },
    })
  }

  return (
    <>
      <Dialog
        open={scheduling.step.kind === 'closed'}
        onOpenChange={(open) => (open ? undefined : onClose())}
      >
        <DialogContent closeLabel={t('cancel')}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault()
              review()
            }}
          >
            <DialogTitle className="pr-8 wrap-break-word">
              {t('autoSaveTitle', { pocket: pocket.name })}
            </DialogTitle>
            <DialogDescription className="text-sm text-muted-foreground">
              {t('autoSaveHint')}
            </DialogDescription>
            <TextField
              id="auto-save-amount"
              label={t('amount')}
              inputMode="decimal"
              autoComplete="off"
              placeholder={amountPlaceholder()}
              value={text}
              error={amountProblem}
              onChange={(event) => setText(event.target.value)}
            />
            <ScheduleFields
              idPrefix="auto-save"
              value={schedule}
              onChange={setSchedule}
              problems={problems}
              scheduleOnly
            />
            <Button type="submit">{s('submitSchedule')}</Button>
          </form>
        </DialogContent>
      </Dialog>
      <MoneyActionSheet action={scheduling} />
    </>
  )
}
