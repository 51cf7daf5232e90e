import { ArrowRight, CheckCircle2, Hourglass } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { cn } from '#client/lib/cn.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { type NationalIdCountry, nationalIdCountryOf } from '#shared/identity-numbers.ts'
import type { Limits } from '#shared/schemas/limits.ts'
import { useLimitsMessages } from './messages.ts'
import { naira } from './naira.ts'

/** What each tier needs; tier 2 names the number the user's country verifies with. */
function needsOf(tier: number, nationalId: NationalIdCountry | null) {
  if (tier >= 3) return 'tierNeeds3'
  if (tier === 2) {
    return nationalId === 'ZA'
      ? 'tierNeeds2ZA'
      : nationalId === 'KE'
        ? 'tierNeeds2KE'
        : 'tierNeeds2'
  }
  return 'tierNeeds1'
}

/**
 * The three tiers with what each allows and needs, the user's own marked, and the one step that
 * takes them to the next (docs/limits.md "Tiers"): tier 2 says which number the user's country
 * takes (a BVN or NIN in Nigeria, the 13-digit ID number in South Africa, the national ID in
 * Kenya); a tier-3 document waiting for compliance says so instead of offering the step again.
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
  const { user } = useAuth()
  const nationalId = user ? nationalIdCountryOf(user) : null
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
                <p className="text-xs text-muted-foreground">{t(needsOf(each.tier, nationalId))}</p>
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
            {t(nationalId === 'ZA' ? 'goTier2ZA' : nationalId === 'KE' ? 'goTier2KE' : 'goTier2')}
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : limits.tier === 2 && limits.documentReview ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-xl border border-amber-300/60 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200"
            data-testid="tier3-in-review"
          >
            <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('tier3InReview')}
          </p>
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
