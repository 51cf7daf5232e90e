import { CircleAlert, House } from 'lucide-react'
import { Link } from 'wouter'
import { MessagePage } from '#client/components/message-page.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useNotFoundMessages } from '#client/features/not-found/messages.ts'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'

/** Any path the route table does not know (docs/screens.md "Not-found page"). */
export function NotFoundPage() {
  const t = useNotFoundMessages()
  useDocumentTitle(t('title'))
  return (
    <MessagePage
      icon={CircleAlert}
      iconClassName="bg-red-100 text-destructive dark:bg-red-900/40"
      title={t('title')}
      text={t('text')}
    >
      <Button asChild className="mt-6">
        <Link href="/">
          <House aria-hidden="true" />
          {t('home')}
        </Link>
      </Button>
    </MessagePage>
  )
}
