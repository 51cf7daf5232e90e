import { type ReactNode, useId } from 'react'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#client/components/ui/card.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { cn } from '#client/lib/cn.ts'
import { CARD_THEME_NAMES, CARD_THEMES, type CardTheme } from './card-themes.ts'
import type { useCardMessages } from './messages.ts'

type CardMessages = ReturnType<typeof useCardMessages>

const THEME_LABEL_KEYS = {
  rainbow: 'themeRainbow',
  ocean: 'themeOcean',
  sunset: 'themeSunset',
  galaxy: 'themeGalaxy',
} as const

/** One of the three buttons under the card: show or hide, copy, lock or unlock. */
export function CardAction({
  icon,
  label,
  onClick,
  disabled,
}: {
  icon: ReactNode
  label: string
  onClick: () => void
  disabled?: boolean
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="flex flex-col items-center gap-1.5 rounded-xl border bg-card px-2 py-3 text-xs font-medium transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 [&_svg]:size-5 [&_svg]:text-primary"
    >
      {icon}
      {label}
    </button>
  )
}

export function ControlRow({
  icon,
  label,
  hint,
  checked,
  onCheckedChange,
  disabled,
}: {
  icon: ReactNode
  label: string
  hint: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
}) {
  const labelId = useId()
  const hintId = useId()
  return (
    <div className="flex items-center gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-4">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p id={labelId} className="text-sm font-medium">
          {label}
        </p>
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      <Switch
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-labelledby={labelId}
        aria-describedby={hintId}
      />
    </div>
  )
}

/** The four designs (docs/account.md "Card") as a radio group of swatches. */
export function ThemePicker({
  t,
  theme,
  onChange,
  disabled,
}: {
  t: CardMessages
  theme: CardTheme
  onChange: (theme: CardTheme) => void
  disabled?: boolean
}) {
  const titleId = useId()
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>{t('themeTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <div role="radiogroup" aria-labelledby={titleId} className="grid grid-cols-4 gap-3">
          {CARD_THEME_NAMES.map((name) => (
            <label
              key={name}
              className="relative flex cursor-pointer flex-col items-center gap-2 text-xs font-medium"
            >
              <input
                type="radio"
                name="card-theme"
                value={name}
                checked={theme === name}
                disabled={disabled}
                onChange={() => onChange(name)}
                className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer opacity-0"
              />
              <span
                aria-hidden="true"
                className={cn(
                  'h-10 w-full rounded-lg ring-offset-2 ring-offset-card transition-shadow peer-checked:ring-2 peer-checked:ring-primary peer-focus-visible:ring-2 peer-focus-visible:ring-ring',
                  CARD_THEMES[name],
                )}
              />
              {t(THEME_LABEL_KEYS[name])}
            </label>
          ))}
        </div>
      </CardContent>
    </Card>
  )
}

/**
 * The card balance and this month's spending against the limit. The figures come in as
 * display text; `percent` is the whole-number share of the limit already spent (0 to 100).
 */
export function SpendingPanel({
  t,
  balance,
  spent,
  limit,
  left,
  percent,
}: {
  t: CardMessages
  /** The balance as shown, or null while it loads. */
  balance: string | null
  spent: string
  limit: string
  left: string
  percent: number
}) {
  const labelId = useId()
  return (
    <Card>
      <CardHeader>
        <CardDescription>{t('balanceTitle')}</CardDescription>
        {balance === null ? (
          <div
            role="status"
            aria-label={t('balanceLoading')}
            className="h-9 w-40 animate-pulse rounded-lg bg-muted"
          />
        ) : (
          <p className="text-3xl font-bold tracking-tight tabular-nums" data-testid="card-balance">
            {balance}
          </p>
        )}
      </CardHeader>
      <CardContent>
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span id={labelId} className="font-medium">
            {t('spendingTitle')}
          </span>
          <span className="text-muted-foreground tabular-nums">
            {t('spendingOf', { spent, limit })}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('spendingOf', { spent, limit })}
          className="mt-2 h-2.5 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <p className="mt-2 text-xs text-muted-foreground">
          {t('spendingLeft', { left })}
          {' · '}
          {t('spendingLimit')} {limit}
        </p>
      </CardContent>
    </Card>
  )
}
