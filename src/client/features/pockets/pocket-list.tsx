import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  CalendarClock,
  Lock,
  PiggyBank,
  Plus,
} from 'lucide-react'
import { useState } from 'react'
import { PageLoadState } from '#client/components/page-load-state.tsx'
import { formatScheduleDay } from '#client/components/schedule/describe-schedule.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { POCKETS_QUERY_KEY, usePockets } from '#client/entities/pockets/use-pockets.ts'
import { apiRequest } from '#client/lib/api.ts'
import { formatAmount } from '#client/lib/format-amount.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import type { Pocket } from '#shared/schemas/pockets.ts'
import { AutoSaveDialog } from './auto-save-dialog.tsx'
import { usePocketMessages } from './messages.ts'
import { MoveMoneyDialog, type PocketMove } from './move-money-dialog.tsx'
import { NewPocketDialog } from './new-pocket-dialog.tsx'
import { PocketProgress } from './pocket-progress.tsx'

type Open =
  | { kind: 'none' }
  | { kind: 'new' }
  | { kind: 'move'; pocket: Pocket; move: PocketMove }
  | { kind: 'autoSave'; pocket: Pocket }

function RoundUpsSwitch({ pocket }: { pocket: Pocket }) {
  const t = usePocketMessages()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const change = useMutation({
    mutationFn: (on: boolean) =>
      apiRequest('POST', `/api/pockets/${encodeURIComponent(pocket.id)}/round-ups`, { on }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: POCKETS_QUERY_KEY }),
    onError: (error) =>
      showErrorToast(error, { title: t('roundUpsFailed'), message: t('roundUpsFailed') }),
  })
  const id = `round-ups-${pocket.id}`
  return (
    <div className="flex items-start justify-between gap-3 rounded-xl bg-muted/60 px-3 py-2.5">
      <div className="grid gap-0.5">
        <Label htmlFor={id}>{t('roundUps')}</Label>
        <p className="text-xs text-muted-foreground">
          {t('roundUpsHint', { currency: pocket.currency })}
        </p>
      </div>
      <Switch
        id={id}
        checked={pocket.roundUps}
        disabled={change.isPending}
        onCheckedChange={(on) => change.mutate(on)}
      />
    </div>
  )
}

function PocketCard({ pocket, onOpen }: { pocket: Pocket; onOpen: (open: Open) => void }) {
  const t = usePocketMessages()
  const balance = formatAmount(pocket.balance, { code: pocket.currency, symbol: pocket.symbol })
  return (
    <Card className="grid gap-3 p-4 sm:p-5" data-testid="pocket">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 font-semibold wrap-break-word">{pocket.name}</h2>
        {pocket.locked && pocket.lockedUntil ? (
          <Badge variant="warning" data-testid="pocket-lock">
            <Lock className="mr-1 size-3" aria-hidden="true" />
            {t('lockedUntil', { date: formatScheduleDay(pocket.lockedUntil) })}
          </Badge>
        ) : null}
      </div>
      <p className="text-2xl font-bold tabular-nums wrap-anywhere" data-testid="pocket-balance">
        {balance}
      </p>
      <PocketProgress pocket={pocket} />
      {pocket.targetDate ? (
        <p className="text-xs text-muted-foreground">
          {t('byDate', { date: formatScheduleDay(pocket.targetDate) })}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-3">
        <Button type="button" onClick={() => onOpen({ kind: 'move', pocket, move: 'deposit' })}>
          <ArrowDownToLine aria-hidden="true" />
          {t('addMoney')}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={pocket.locked}
          onClick={() => onOpen({ kind: 'move', pocket, move: 'withdraw' })}
        >
          <ArrowUpFromLine aria-hidden="true" />
          {t('takeOut')}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => onOpen({ kind: 'autoSave', pocket })}
        >
          <CalendarClock aria-hidden="true" />
          {t('autoSave')}
        </Button>
      </div>
      <RoundUpsSwitch pocket={pocket} />
    </Card>
  )
}

/** `/pockets`: the user's savings pockets, what they hold, and the ways to fill and empty them. */
export function PocketList() {
  const t = usePocketMessages()
  const pockets = usePockets()
  const [open, setOpen] = useState<Open>({ kind: 'none' })
  const close = () => setOpen({ kind: 'none' })
  return (
    <div className="grid gap-4">
      <Button type="button" className="justify-self-start" onClick={() => setOpen({ kind: 'new' })}>
        <Plus aria-hidden="true" />
        {t('newPocket')}
      </Button>
      {pockets.data ? (
        pockets.data.items.length === 0 ? (
          <Card>
            <div
              className="flex flex-col items-center px-4 py-10 text-center"
              data-testid="pockets-empty"
            >
              <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <PiggyBank className="size-6" aria-hidden="true" />
              </span>
              <p className="mt-4 font-semibold">{t('empty')}</p>
              <p className="mt-1 max-w-xs text-sm text-muted-foreground">{t('emptyText')}</p>
            </div>
          </Card>
        ) : (
          <>
            <p className="text-sm text-muted-foreground" data-testid="pockets-saved">
              {pockets.data.saved
                .map((total) =>
                  t('savedTotal', {
                    amount: formatAmount(total.amount, {
                      code: total.currency,
                      symbol: total.symbol,
                    }),
                  }),
                )
                .join(' · ')}
            </p>
            <div className="grid gap-4 lg:grid-cols-2">
              {pockets.data.items.map((pocket) => (
                <PocketCard key={pocket.id} pocket={pocket} onOpen={setOpen} />
              ))}
            </div>
          </>
        )
      ) : (
        <PageLoadState
          query={pockets}
          loadingLabel={t('loading')}
          failedText={t('unavailable')}
          retryLabel={t('retry')}
        />
      )}
      {open.kind === 'new' ? <NewPocketDialog onClose={close} /> : null}
      {open.kind === 'move' ? (
        <MoveMoneyDialog pocket={open.pocket} move={open.move} onClose={close} />
      ) : null}
      {open.kind === 'autoSave' ? <AutoSaveDialog pocket={open.pocket} onClose={close} /> : null}
    </div>
  )
}
