import { CalendarClock, Zap } from 'lucide-react'
import { ChoiceSelect } from '#client/components/ui/choice-select.tsx'
import { OptionCards } from '#client/components/ui/option-cards.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { addDays, lagosDay } from '#shared/lagos-time.ts'
import {
  isCalendarDay,
  SCHEDULE_FREQUENCIES,
  type ScheduleFrequency,
} from '#shared/schedule-dates.ts'
import { SCHEDULE_START_MAX_DAYS_AHEAD } from '#shared/schemas/scheduled-transfers.ts'
import { describeSchedule } from './describe-schedule.ts'
import { useScheduleMessages } from './messages.ts'

/** What the user chose: now, or a schedule (docs/scheduled-transfers.md). */
export type ScheduleChoice = {
  when: 'now' | 'later'
  frequency: ScheduleFrequency
  startDate: string
  endDate: string
}

export type ScheduleProblems = { startDate?: string; endDate?: string }

type Translate = ReturnType<typeof useScheduleMessages>

/** "Send now", with a monthly schedule from today ready for when the user switches. */
export function sendNow(): ScheduleChoice {
  return { when: 'now', frequency: 'monthly', startDate: lagosDay(new Date()), endDate: '' }
}

/** The schedule's dates checked as the server checks them, in the user's words. */
export function scheduleProblems(choice: ScheduleChoice, t: Translate): ScheduleProblems {
  if (choice.when === 'now') return {}
  const today = lagosDay(new Date())
  const problems: ScheduleProblems = {}
  if (!isCalendarDay(choice.startDate)) problems.startDate = t('chooseStartDate')
  else if (choice.startDate < today) problems.startDate = t('startInPast')
  if (choice.frequency !== 'once' && choice.endDate !== '') {
    if (!isCalendarDay(choice.endDate) || choice.endDate < choice.startDate)
      problems.endDate = t('endBeforeStart')
  }
  return problems
}

/** The schedule's part of a request body (POST /api/scheduled-transfers). */
export function scheduleBody(choice: ScheduleChoice) {
  return {
    frequency: choice.frequency,
    startDate: choice.startDate,
    endDate: choice.frequency === 'once' || choice.endDate === '' ? null : choice.endDate,
  }
}

/**
 * "When" on a transfer form: now, or once on a date, weekly or monthly with an optional last
 * date, said back in words ("Every month on day 31, ..."). Dates are Lagos days, as they run.
 */
export function ScheduleFields({
  idPrefix,
  value,
  onChange,
  problems,
  disabled,
  scheduleOnly = false,
}: {
  idPrefix: string
  value: ScheduleChoice
  onChange: (next: ScheduleChoice) => void
  problems: ScheduleProblems
  disabled?: boolean
  /** Only the schedule, without "Send now" (an auto-save is always on a schedule). */
  scheduleOnly?: boolean
}) {
  const t = useScheduleMessages()
  const today = lagosDay(new Date())
  const frequencyLabels: Record<ScheduleFrequency, string> = {
    once: t('once'),
    weekly: t('weekly'),
    monthly: t('monthly'),
  }
  return (
    <fieldset className="grid gap-3" disabled={disabled} data-testid="schedule-fields">
      <legend className={scheduleOnly ? 'sr-only' : 'mb-2 text-sm font-medium'}>
        {t('whenLabel')}
      </legend>
      {scheduleOnly ? null : (
        <OptionCards
          name={`${idPrefix}-when`}
          value={value.when}
          columnsClassName="grid-cols-1 min-[420px]:grid-cols-2"
          options={[
            { value: 'now', label: t('now'), hint: t('nowHint'), icon: Zap },
            { value: 'later', label: t('later'), hint: t('laterHint'), icon: CalendarClock },
          ]}
          onChange={(when) => onChange({ ...value, when })}
        />
      )}
      {value.when === 'later' ? (
        <div className="grid gap-3 rounded-xl border p-3">
          <ChoiceSelect
            id={`${idPrefix}-frequency`}
            label={t('howOften')}
            value={value.frequency}
            options={SCHEDULE_FREQUENCIES.map((frequency) => ({
              value: frequency,
              label: frequencyLabels[frequency],
            }))}
            onChange={(frequency) => {
              const chosen = SCHEDULE_FREQUENCIES.find((candidate) => candidate === frequency)
              if (chosen) onChange({ ...value, frequency: chosen })
            }}
            {...(disabled ? { disabled } : {})}
          />
          <TextField
            id={`${idPrefix}-start`}
            label={t('startDate')}
            type="date"
            min={today}
            max={addDays(today, SCHEDULE_START_MAX_DAYS_AHEAD)}
            value={value.startDate}
            error={problems.startDate}
            onChange={(event) => onChange({ ...value, startDate: event.target.value })}
          />
          {value.frequency === 'once' ? null : (
            <TextField
              id={`${idPrefix}-end`}
              label={t('endDate')}
              type="date"
              min={value.startDate || today}
              value={value.endDate}
              error={problems.endDate}
              hint={t('endDateHint')}
              onChange={(event) => onChange({ ...value, endDate: event.target.value })}
            />
          )}
          {isCalendarDay(value.startDate) ? (
            <p className="text-sm text-muted-foreground" data-testid="schedule-summary">
              {describeSchedule(value, t)}. {t('runsAt')}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  )
}
