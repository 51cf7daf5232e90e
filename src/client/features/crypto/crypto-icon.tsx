import { Bitcoin } from 'lucide-react'
import { cn } from '#client/lib/cn.ts'

// Each coin's familiar colour; any other coin gets a neutral one.
const COIN_TONES: Record<string, string> = {
  BTC: 'bg-orange-100 text-orange-600 dark:bg-orange-900/40 dark:text-orange-300',
  ETH: 'bg-indigo-100 text-indigo-600 dark:bg-indigo-900/40 dark:text-indigo-300',
  USDT: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300',
  BNB: 'bg-yellow-100 text-yellow-700 dark:bg-yellow-900/40 dark:text-yellow-300',
}
const NEUTRAL_TONE = 'bg-muted text-muted-foreground'

/** A coin's symbol in a round badge of its colour; decorative, the name is written beside it. */
export function CryptoIcon({
  code,
  symbol,
  className,
}: {
  code: string
  symbol: string
  className?: string
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-10 shrink-0 items-center justify-center rounded-full font-bold',
        symbol.length > 2 ? 'text-[0.625rem]' : 'text-lg',
        COIN_TONES[code.toUpperCase()] ?? NEUTRAL_TONE,
        className,
      )}
    >
      {/* Not every phone's fonts have the ₿ sign yet; the icon draws it everywhere. */}
      {code.toUpperCase() === 'BTC' ? <Bitcoin className="size-5" /> : symbol}
    </span>
  )
}
