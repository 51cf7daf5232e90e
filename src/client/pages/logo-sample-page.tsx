import { ArrowLeft, CircleCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { HomeLogoLink } from '#client/components/home-logo-link.tsx'
import { LogoMark } from '#client/components/logo.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { AlternativeLogoMark } from '#client/features/logo-sample/alternative-logo-mark.tsx'
import { useLogoSampleMessages } from '#client/features/logo-sample/messages.ts'
import { cn } from '#client/lib/cn.ts'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'

/** /logo-sample: the active green S next to the alternative design (docs/screens.md "Routes"). */
export function LogoSamplePage() {
  const t = useLogoSampleMessages()
  useDocumentTitle(t('title'))
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-4xl items-center px-4 sm:px-6">
          <HomeLogoLink />
        </div>
      </header>
      <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{t('subtitle')}</p>
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-6">
          <LogoDesign
            testId="logo-green"
            active
            name={t('greenName')}
            text={t('greenText')}
            badge={t('activeBadge')}
            label={t('greenLabel')}
            colours={['#047857', '#ffffff']}
            mark={(className) => <LogoMark className={className} />}
          />
          <LogoDesign
            testId="logo-alternative"
            name={t('altName')}
            text={t('altText')}
            badge={t('alternativeBadge')}
            label={t('altLabel')}
            colours={['#0f172a', '#fbbf24', '#34d399']}
            mark={(className) => <AlternativeLogoMark className={className} />}
          />
        </ul>
        <Link
          href="/"
          className="mt-8 inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('backHome')}
        </Link>
      </main>
    </div>
  )
}

function LogoDesign({
  testId,
  active = false,
  name,
  text,
  badge,
  label,
  colours,
  mark,
}: {
  testId: string
  active?: boolean
  name: string
  text: string
  badge: string
  label: string
  colours: string[]
  mark: (className: string) => ReactNode
}) {
  const t = useLogoSampleMessages()
  return (
    <li
      data-testid={testId}
      aria-current={active ? 'true' : undefined}
      className={cn(
        'flex flex-col overflow-hidden rounded-2xl border bg-card shadow-sm',
        active && 'border-primary ring-2 ring-primary/30',
      )}
    >
      <div role="img" aria-label={label} className="grid grid-cols-2">
        <div className="flex aspect-square items-center justify-center bg-white">
          {mark('size-14 sm:size-24')}
        </div>
        <div className="flex aspect-square items-center justify-center bg-slate-900">
          {mark('size-14 sm:size-24')}
        </div>
      </div>
      <div className="grid grid-cols-2 border-b text-center text-[0.7rem] text-muted-foreground">
        <span className="py-1">{t('onLight')}</span>
        <span className="py-1">{t('onDark')}</span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold sm:text-lg">{name}</h2>
          <Badge variant={active ? 'success' : 'outline'}>
            {active ? <CircleCheck className="size-3.5" aria-hidden="true" /> : null}
            {badge}
          </Badge>
        </div>
        <p className="text-xs text-muted-foreground sm:text-sm">{text}</p>
        <div className="mt-auto flex items-center gap-2 pt-2">
          <span className="sr-only">{t('colours')}</span>
          {colours.map((colour) => (
            <span
              key={colour}
              title={colour}
              className="size-5 rounded-full border shadow-inner"
              style={{ backgroundColor: colour }}
            >
              <span className="sr-only">{colour}</span>
            </span>
          ))}
        </div>
      </div>
    </li>
  )
}
