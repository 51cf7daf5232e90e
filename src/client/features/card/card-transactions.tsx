import { CreditCard, Receipt } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { useLanguage } from '#client/i18n/language.ts'
import { formatAmountDigits } from '#client/lib/format-amount.ts'
import { formatDate } from '#client/lib/format-date.ts'
import type { Card as CardData } from '#shared/schemas/card.ts'
import { useCardMessages } from './messages.ts'

/** The card's payments from the ledger, newest first, with an empty state until there are any. */
export function CardTransactions({ transactions }: { transactions: CardData['transactions'] }) {
  const t = useCardMessages()
  const language = useLanguage()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('transactionsTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        {transactions.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-4 py-8 text-center">
            <span className="flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Receipt className="size-5" aria-hidden="true" />
            </span>
            <p className="text-sm font-medium">{t('noCardPayments')}</p>
            <p className="max-w-xs text-xs text-muted-foreground">{t('noCardPaymentsText')}</p>
          </div>
        ) : (
          <ul className="divide-y">
            {transactions.map((transaction) => (
              <li key={transaction.id} className="flex items-center gap-3 py-3">
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted">
                  <CreditCard className="size-4" aria-hidden="true" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium wrap-break-word">
                    {transaction.description || t('cardPayment')}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatDate(transaction.createdAt, 'dayTime', { language })}
                  </p>
                </div>
                <span className="amount shrink-0 text-sm font-semibold">
                  {formatAmountDigits(`-${transaction.amount}`, transaction.currency, { language })}{' '}
                  {transaction.currency}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
