import { Lock, Nfc } from 'lucide-react'
import { LogoMark } from '#client/components/logo.tsx'
import { cn } from '#client/lib/cn.ts'
import { CARD_THEMES, type CardTheme } from './card-themes.ts'
import { useCardMessages } from './messages.ts'

/**
 * What the card face shows. `number` and `cvv` are null while hidden: only the last four
 * digits are drawn then, so a hidden card never has its full number in the page.
 */
export type CardFace = {
  number: string | null
  last4: string
  cvv: string | null
  expiry: string
  holder: string
}

/** "4000123456781234" → "4000 1234 5678 1234" (grouped 4-4-4-4). */
export function groupCardNumber(number: string): string {
  return number.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** Hidden, only the last four digits show: "•••• •••• •••• 1234". */
export function maskCardNumber(last4: string): string {
  return `•••• •••• •••• ${last4}`
}

/** "MM/YY", as printed on a card. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`
}

export function VirtualCard({
  card,
  theme,
  locked,
}: {
  card: CardFace
  theme: CardTheme
  locked: boolean
}) {
  const t = useCardMessages()
  return (
    <div
      data-testid="virtual-card"
      data-theme={theme}
      className={cn(
        'relative isolate aspect-[1.586] w-full max-w-sm overflow-hidden rounded-2xl p-5 text-white shadow-xl transition-[filter] sm:p-6',
        CARD_THEMES[theme],
        locked && 'grayscale',
      )}
    >
      <div
        aria-hidden="true"
        className="-z-10 absolute -top-20 -right-16 size-56 rounded-full bg-white/10"
      />
      <div className="flex h-full flex-col justify-between [text-shadow:0_1px_2px_rgba(0,0,0,0.35)]">
        <div className="flex items-center justify-between">
          <span className="flex items-center gap-2 text-lg font-bold">
            <LogoMark className="size-7" />
            {t('cardBrand')}
          </span>
          <span className="text-xs font-semibold uppercase tracking-widest">{t('cardKind')}</span>
        </div>
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="h-8 w-11 rounded-md bg-gradient-to-br from-amber-200 to-amber-500"
            />
            <Nfc className="size-6 opacity-90" aria-hidden="true" />
          </div>
          <div className="flex gap-4 text-right text-sm">
            <div>
              <p className="text-[0.65rem] uppercase tracking-wider opacity-90">{t('validThru')}</p>
              <p className="font-medium tabular-nums">{card.expiry}</p>
            </div>
            <div>
              <p className="text-[0.65rem] uppercase tracking-wider opacity-90">{t('cvv')}</p>
              <p data-testid="card-cvv" className="font-mono font-medium">
                {card.cvv ?? '•••'}
              </p>
            </div>
          </div>
        </div>
        <p
          data-testid="card-number"
          className="font-mono text-lg tracking-widest tabular-nums sm:text-xl"
        >
          {card.number ? groupCardNumber(card.number) : maskCardNumber(card.last4)}
        </p>
        <div className="flex items-end justify-between gap-3 text-sm">
          <div className="min-w-0">
            <p className="text-[0.65rem] uppercase tracking-wider opacity-90">
              {t('cardHolderLabel')}
            </p>
            <p className="truncate font-medium">{card.holder}</p>
          </div>
          <span className="shrink-0 text-2xl font-black italic">{t('network')}</span>
        </div>
      </div>
      {locked ? (
        <div className="absolute inset-0 flex items-center justify-center bg-slate-950/55">
          <span className="flex items-center gap-2 rounded-full bg-white/95 px-4 py-2 text-sm font-semibold text-slate-900">
            <Lock className="size-4" aria-hidden="true" />
            {t('lockedOverlay')}
          </span>
        </div>
      ) : null}
    </div>
  )
}
