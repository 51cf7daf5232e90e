import { CircleAlert, House } from 'lucide-react'
import { Link } from 'wouter'
import { Logo } from '#client/components/logo.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useNotFoundMessages } from '#client/features/not-found/messages.ts'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'

/** Any path the route table does not know (docs/screens.md "Not-found page"). */
export function NotFoundPage() {
  const t = useNotFoundMessages()
  useDocumentTitle(t('title'))
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="mx-auto flex w-full max-w-6xl items-center px-4 py-4 sm:px-6">
        <Link
          href="/"
          className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
          <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-100 text-destructive dark:bg-red-900/40">
            <CircleAlert className="size-6" aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{t('text')}</p>
          <Button asChild className="mt-6">
            <Link href="/">
              <House aria-hidden="true" />
              {t('home')}
            </Link>
          </Button>
        </div>
      </main>
    </div>
  )
}
