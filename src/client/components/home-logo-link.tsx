import { Link } from 'wouter'
import { Logo } from './logo.tsx'
import { useCommonMessages } from './messages.ts'

/** The logo as the way home, as every page header has it. */
export function HomeLogoLink() {
  const t = useCommonMessages()
  return (
    <Link
      href="/"
      aria-label={t('homeLabel')}
      className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Logo />
    </Link>
  )
}
