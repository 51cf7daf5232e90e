import { Logo } from '#client/components/logo.tsx'
import { signInPath } from '#client/lib/use-auth.ts'
import { linkButtonClass } from '../../components/link-button.ts'
import { LandingLanguageMenu } from './landing-language-menu.tsx'
import { useLandingMessages } from './messages.ts'

export function LandingHeader() {
  const t = useLandingMessages()
  const navLinks = [
    { href: '#features', label: t('navFeatures') },
    { href: '#card', label: t('navCard') },
    { href: '#help', label: t('navHelp') },
  ]
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-card focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a
          href="/"
          aria-label={t('homeLabel')}
          className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Logo />
        </a>
        <nav aria-label={t('navLabel')} className="hidden md:block">
          <ul className="flex items-center gap-8 text-sm font-medium text-muted-foreground">
            {navLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="transition-colors hover:text-foreground">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1">
          <LandingLanguageMenu />
          <a href={signInPath()} className={linkButtonClass('primary')}>
            {t('signIn')}
          </a>
        </div>
      </div>
    </header>
  )
}
