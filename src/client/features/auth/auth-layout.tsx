import { ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, Redirect } from 'wouter'
import { Logo } from '#client/components/logo.tsx'
import { PageSpinner } from '#client/components/page-spinner.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useAuth } from '#client/lib/use-auth.ts'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'
import { useReturnTo, withReturnTo } from '../../lib/return-to.ts'
import { useAuthMessages } from './messages.ts'

/** The frame of the sign-in and sign-up pages: logo, one card, and a line under it. */
export function AuthLayout({
  title,
  description,
  children,
  footer,
  languageMenu,
}: {
  title: string
  description: string
  children: ReactNode
  footer: ReactNode
  /** The language selector, given by the page, which may use the shell's. */
  languageMenu?: ReactNode
}) {
  const t = useAuthMessages()
  useDocumentTitle(title)
  return (
    <div className="flex min-h-dvh flex-col bg-linear-to-b from-secondary/70 to-background">
      <header className="relative mx-auto flex w-full max-w-md items-center justify-center px-4 pt-10 pb-6">
        <Link
          href="/"
          aria-label={t('homeLink')}
          className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo className="text-2xl" />
        </Link>
        {languageMenu ? <div className="absolute top-3 right-4">{languageMenu}</div> : null}
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-4 pb-10">
        <Card className="p-6 shadow-md sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
          <div className="mt-6">{children}</div>
        </Card>
        <p className="mt-6 text-center text-sm text-muted-foreground">{footer}</p>
        <p className="mt-8 flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
          <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
          {t('secureNote')}
        </p>
      </main>
    </div>
  )
}

/**
 * A whole sign-in or sign-up page: a spinner while the session is checked, straight on to
 * where the user was going if they are signed in already, else the form in the layout with a
 * link to the other page that keeps `returnTo`.
 */
export function AuthPage({
  title,
  description,
  switchPrompt,
  switchLabel,
  switchPath,
  languageMenu,
  children,
}: {
  title: string
  description: string
  switchPrompt: string
  switchLabel: string
  switchPath: '/sign-in' | '/sign-up'
  languageMenu?: ReactNode
  children: (returnTo: string) => ReactNode
}) {
  const { isLoading, isAuthenticated } = useAuth()
  const returnTo = useReturnTo()
  if (isLoading) return <PageSpinner />
  if (isAuthenticated) return <Redirect to={returnTo} replace />
  return (
    <AuthLayout
      title={title}
      description={description}
      languageMenu={languageMenu}
      footer={
        <>
          {switchPrompt}{' '}
          <Link
            href={withReturnTo(switchPath, returnTo)}
            className="font-semibold text-primary hover:underline"
          >
            {switchLabel}
          </Link>
        </>
      }
    >
      {children(returnTo)}
    </AuthLayout>
  )
}
