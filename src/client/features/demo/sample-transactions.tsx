import {
  ArrowDownLeft,
  ArrowUpRight,
  Banknote,
  type LucideIcon,
  Plus,
  ShoppingBag,
} from 'lucide-react'
import { Badge } from '#client/components/ui/badge.tsx'
import { useLanguage } from '#client/i18n/language.ts'
import { cn } from '#client/lib/cn.ts'
import { formatDate } from '#client/lib/format-date.ts'
import type { AssetCode } from '#shared/money.ts'
import { formatSampleAmount } from '../../lib/sample-money.ts'
import { useDemoMessages } from './messages.ts'

type DemoMessages = ReturnType<typeof useDemoMessages>
type TransactionType = 'send' | 'receive' | 'add_funds' | 'purchase' | 'withdraw'
type TransactionStatus = 'completed' | 'pending' | 'failed'

export type SampleTransaction = {
  id: string
  type: TransactionType
  description: keyof typeof DESCRIPTION_KEYS
  amountMinor: bigint
  asset: AssetCode
  symbol: string
  status: TransactionStatus
  createdAt: string
}

const DESCRIPTION_KEYS = {
  salary: 'txSalary',
  transferAmara: 'txTransferAmara',
  electricity: 'txElectricity',
  topUp: 'txTopUp',
  cashOut: 'txCashOut',
} as const

/** Fixed sample rows, the same on every visit, so the demo pages never look like real data. */
export const SAMPLE_TRANSACTIONS: readonly SampleTransaction[] = [
  {
    id: 'sample-1',
    type: 'receive',
    description: 'salary',
    amountMinor: 185000n,
    asset: 'USD',
    symbol: '$',
    status: 'completed',
    createdAt: '2025-11-18T09:41:00Z',
  },
  {
    id: 'sample-2',
    type: 'send',
    description: 'transferAmara',
    amountMinor: 25000n,
    asset: 'USD',
    symbol: '$',
    status: 'completed',
    createdAt: '2025-11-17T16:05:00Z',
  },
  {
    id: 'sample-3',
    type: 'purchase',
    description: 'electricity',
    amountMinor: 1250000n,
    asset: 'NGN',
    symbol: '₦',
    status: 'pending',
    createdAt: '2025-11-17T08:20:00Z',
  },
  {
    id: 'sample-4',
    type: 'add_funds',
    description: 'topUp',
    amountMinor: 50000n,
    asset: 'USD',
    symbol: '$',
    status: 'completed',
    createdAt: '2025-11-15T12:00:00Z',
  },
  {
    id: 'sample-5',
    type: 'withdraw',
    description: 'cashOut',
    amountMinor: 120000n,
    asset: 'ZAR',
    symbol: 'R',
    status: 'failed',
    createdAt: '2025-11-14T10:30:00Z',
  },
]

const ICONS: Record<TransactionType, LucideIcon> = {
  send: ArrowUpRight,
  receive: ArrowDownLeft,
  add_funds: Plus,
  purchase: ShoppingBag,
  withdraw: Banknote,
}

/** "+" for money in, "-" for money out (docs/screens.md "Display rules"). */
function signFor(type: TransactionType): '+' | '-' {
  return type === 'receive' || type === 'add_funds' ? '+' : '-'
}

function StatusBadge({ status, t }: { status: TransactionStatus; t: DemoMessages }) {
  switch (status) {
    case 'completed':
      return <Badge variant="success">{t('statusCompleted')}</Badge>
    case 'pending':
      return <Badge variant="warning">{t('statusPending')}</Badge>
    case 'failed':
      return <Badge variant="destructive">{t('statusFailed')}</Badge>
  }
}

export function SampleTransactionList({
  transactions,
}: {
  transactions: readonly SampleTransaction[]
}) {
  const t = useDemoMessages()
  const language = useLanguage()
  return (
    <ul className="divide-y">
      {transactions.map((transaction) => {
        const Icon = ICONS[transaction.type]
        const sign = signFor(transaction.type)
        return (
          <li key={transaction.id} className="flex items-center gap-3 py-3">
            <span
              className={cn(
                'flex size-10 shrink-0 items-center justify-center rounded-full',
                sign === '+'
                  ? 'bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300'
                  : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
              )}
            >
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">
                {t(DESCRIPTION_KEYS[transaction.description])}
              </p>
              <p className="text-xs text-muted-foreground">
                {formatDate(transaction.createdAt, 'dayTime', { language, timeZone: 'UTC' })}
              </p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <span
                className={cn(
                  'text-sm font-semibold tabular-nums',
                  sign === '+' ? 'text-emerald-700 dark:text-emerald-400' : 'text-foreground',
                )}
              >
                {sign}
                {formatSampleAmount(transaction.amountMinor, transaction.asset, transaction.symbol)}
              </span>
              <StatusBadge status={transaction.status} t={t} />
            </div>
          </li>
        )
      })}
    </ul>
  )
}
