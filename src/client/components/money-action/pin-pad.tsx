import { Delete } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { cn } from '#client/lib/cn.ts'
import { PIN_LENGTH } from '#shared/schemas/pin.ts'
import { useMoneyActionMessages } from './messages.ts'

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const

/**
 * The PIN entry: four dots over a keypad. The keys are real buttons and the dots sit on a real
 * (masked, numeric) input, so a keyboard, a screen reader and a phone's own number pad all
 * work. The fourth digit submits; a refusal clears it for the next try.
 */
export function PinPad({
  onComplete,
  error,
  disabled,
}: {
  onComplete: (pin: string) => void
  error: string | null
  disabled?: boolean
}) {
  const t = useMoneyActionMessages()
  const [pin, setPin] = useState('')
  const input = useRef<HTMLInputElement>(null)

  // A refused PIN (a new error) starts the entry again.
  useEffect(() => {
    if (error) setPin('')
  }, [error])
  useEffect(() => {
    input.current?.focus()
  }, [])

  function change(next: string) {
    const digits = next.replace(/\D/g, '').slice(0, PIN_LENGTH)
    setPin(digits)
    if (digits.length === PIN_LENGTH) onComplete(digits)
  }

  return (
    <div className="grid gap-5">
      <label className="relative mx-auto block w-full max-w-64">
        <span className="sr-only">{t('pinLabel')}</span>
        <input
          ref={input}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          pattern="[0-9]*"
          maxLength={PIN_LENGTH}
          value={pin}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'pin-error' : undefined}
          onChange={(event) => change(event.target.value)}
          className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
        />
        <span className="flex justify-center gap-4" aria-hidden="true">
          {Array.from({ length: PIN_LENGTH }, (_, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, not items.
              key={index}
              className={cn(
                'size-4 rounded-full border-2 border-primary transition-colors',
                index < pin.length && 'bg-primary',
                error && 'border-destructive',
              )}
            />
          ))}
        </span>
      </label>
      {error ? (
        <p id="pin-error" role="alert" className="text-center text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="mx-auto grid w-full max-w-64 grid-cols-3 gap-2">
        {[...KEYS, null, '0', 'delete'].map((key) =>
          key === null ? (
            <span key="blank" />
          ) : (
            <button
              key={key}
              type="button"
              disabled={disabled}
              aria-label={key === 'delete' ? t('pinDelete') : t('pinKey', { digit: key })}
              onClick={() => change(key === 'delete' ? pin.slice(0, -1) : `${pin}${key}`)}
              className="flex h-12 items-center justify-center rounded-xl bg-muted text-lg font-semibold tabular-nums hover:bg-muted/70 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
            >
              {key === 'delete' ? <Delete className="size-5" aria-hidden="true" /> : key}
            </button>
          ),
        )}
      </div>
    </div>
  )
}
