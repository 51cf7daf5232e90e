import { ShieldCheck } from 'lucide-react'
import { Card } from '#client/components/ui/card.tsx'
import type { Limits } from '#shared/schemas/limits.ts'
import { useLimitsMessages } from './messages.ts'
import { naira, percentOf, roomUnder } from './naira.ts'
import { UsageBar } from './usage-bar.tsx'

const TIER_NAMES = { 1: 'tierName1', 2: 'tierName2', 3: 'tierName3' } as const

/** The user's tier, today's sending against the daily limit, and the balance against its cap. */
export function LimitsOverview({ limits }: { limits: Limits }) {
  const t = useLimitsMessages()
  return (
    <Card>
      <div className="grid gap-5 p-5">
        <div className="flex items-center gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <ShieldCheck className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="text-xs font-medium text-muted-foreground">{t('currentTier')}</p>
            <p className="text-lg font-semibold" data-testid="limits-tier">
              {t('tierBadge', { tier: limits.tier })} · {t(TIER_NAMES[limits.tier])}
            </p>
          </div>
        </div>

        <section aria-labelledby="limits-daily" className="grid gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h2 id="limits-daily" className="text-sm font-medium">
              {t('sentToday')}
            </h2>
            <p className="text-sm font-semibold tabular-nums" data-testid="limits-daily-used">
              {t('usedOf', { used: naira(limits.dailyUsed), max: naira(limits.dailyMax) })}
            </p>
          </div>
          <UsageBar
            label={t('sentToday')}
            percent={percentOf(limits.dailyUsed, limits.dailyMax)}
            testId="limits-daily-bar"
          />
          <p className="text-xs text-muted-foreground" data-testid="limits-daily-remaining">
            {t('leftToday', { remaining: naira(limits.dailyRemaining) })}
          </p>
        </section>

        <section aria-labelledby="limits-balance" className="grid gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <h2 id="limits-balance" className="text-sm font-medium">
              {t('balanceHeld')}
            </h2>
            <p className="text-sm font-semibold tabular-nums" data-testid="limits-balance">
              {limits.balanceMax === null
                ? naira(limits.balance)
                : t('usedOf', { used: naira(limits.balance), max: naira(limits.balanceMax) })}
            </p>
          </div>
          {limits.balanceMax === null ? (
            <p className="text-xs text-muted-foreground">{t('noCap')}</p>
          ) : (
            <>
              <UsageBar
                label={t('balanceHeld')}
                percent={percentOf(limits.balance, limits.balanceMax)}
                testId="limits-balance-bar"
              />
              <p className="text-xs text-muted-foreground">
                {t('roomLeft', { room: naira(roomUnder(limits.balanceMax, limits.balance)) })}
              </p>
            </>
          )}
        </section>

        <div className="flex flex-wrap items-baseline justify-between gap-x-3 border-t pt-4 text-sm">
          <p className="text-muted-foreground">{t('singlePayment')}</p>
          <p className="font-semibold tabular-nums" data-testid="limits-single">
            {naira(limits.singleMax)}
          </p>
        </div>
        <p className="text-xs text-muted-foreground">{t('nairaNote')}</p>
      </div>
    </Card>
  )
}
