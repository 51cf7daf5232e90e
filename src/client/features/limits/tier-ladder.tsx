import { ArrowRight, CheckCircle2 } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import type { Limits } from '#shared/schemas/limits.ts'
import { useLimitsMessages } from './messages.ts'
import { naira } from './naira.ts'

const NEEDS = { 1: 'tierNeeds1', 2: 'tierNeeds2', 3: 'tierNeeds3' } as const

function needsOf(tier: number) {
  return tier >= 3 ? NEEDS[3] : tier === 2 ? NEEDS[2] : NEEDS[1]
}

/**
 * The three tiers with what each allows and needs, the user's own marked, and the one step that
 * takes them to the next (docs/limits.md "Tiers").
 */
export function TierLadder({
  limits,
  onVerifyIdentity,
  onVerifyDocument,
}: {
  limits: Limits
  onVerifyIdentity: () => void
  onVerifyDocument: () => void
}) {
  const t = useLimitsMessages()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('tiersHeading')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ol className="grid gap-2">
          {limits.tiers.map((each) => {
            const current = each.tier === limits.tier
            return (
              <li
                key={each.tier}
                className={cn(
                  'rounded-xl border p-3',
                  current ? 'border-primary/40 bg-secondary/60' : '',
                )}
                data-testid={`tier-${each.tier}`}
                aria-current={current ? 'step' : undefined}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">{t('tierBadge', { tier: each.tier })}</p>
                  {current ? (
                    <span className="inline-flex items-center gap-1 text-xs font-medium text-primary">
                      <CheckCircle2 className="size-3.5" aria-hidden="true" />
                      {t('youAreHere')}
                    </span>
                  ) : null}
                </div>
                <p className="text-xs text-muted-foreground">{t(needsOf(each.tier))}</p>
                <ul className="mt-2 grid gap-0.5 text-sm tabular-nums">
                  <li>{t('tierSingle', { amount: naira(each.singleMax) })}</li>
                  <li>{t('tierDaily', { amount: naira(each.dailyMax) })}</li>
                  <li>
                    {each.balanceMax === null
                      ? t('tierBalanceNone')
                      : t('tierBalance', { amount: naira(each.balanceMax) })}
                  </li>
                </ul>
              </li>
            )
          })}
        </ol>
        {limits.tier === 1 ? (
          <Button type="button" size="lg" onClick={onVerifyIdentity}>
            {t('goTier2')}
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : limits.tier === 2 ? (
          <Button type="button" size="lg" onClick={onVerifyDocument}>
            {t('goTier3')}
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t('topTier')}</p>
        )}
      </CardContent>
    </Card>
  )
}
