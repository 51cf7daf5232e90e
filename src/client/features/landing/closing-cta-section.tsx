import { ArrowRight } from 'lucide-react'
import { signInPath } from '#client/lib/use-auth.ts'
import { linkButtonClass, SIGN_UP_PATH } from '../../components/link-button.ts'
import { useLandingMessages } from './messages.ts'

export function ClosingCtaSection() {
  const t = useLandingMessages()
  return (
    <section aria-labelledby="cta-title" className="px-4 py-16 sm:px-6 sm:py-24">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl bg-emerald-900 px-6 py-14 text-center text-white shadow-xl sm:px-12">
        <div
          aria-hidden="true"
          className="-z-10 absolute inset-0 bg-[radial-gradient(30rem_20rem_at_50%_-20%,rgba(16,185,129,0.5),transparent_70%),radial-gradient(25rem_15rem_at_90%_120%,rgba(245,158,11,0.25),transparent_70%)]"
        />
        <h2 id="cta-title" className="text-balance text-3xl font-bold tracking-tight sm:text-4xl">
          {t('ctaTitle')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-pretty text-emerald-50/90 sm:text-lg">
          {t('ctaText')}
        </p>
        <div className="mt-8 flex flex-col items-center justify-center gap-4 sm:flex-row">
          <a href={SIGN_UP_PATH} className={linkButtonClass('light', 'lg')}>
            {t('startJourney')}
            <ArrowRight aria-hidden="true" />
          </a>
        </div>
        <p className="mt-6 text-sm text-emerald-50/90">
          {t('ctaSignInPrompt')}{' '}
          <a
            href={signInPath()}
            className="font-semibold text-white underline underline-offset-4 hover:text-amber-200"
          >
            {t('signIn')}
          </a>
        </p>
      </div>
    </section>
  )
}
