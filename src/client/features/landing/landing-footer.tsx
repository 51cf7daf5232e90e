import { Apple, Globe, Hash, Play } from 'lucide-react'
import { Link } from 'wouter'
import { Logo } from '#client/components/logo.tsx'
import { useLandingMessages } from './messages.ts'

const footerLinkClass =
  'rounded text-sm text-slate-300 transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-emerald-400'

export function LandingFooter() {
  const t = useLandingMessages()
  // Services go to the app's own routes (signed-in pages send a visitor to sign in first);
  // support links are anchors to the Help and trust blocks of this page.
  const services = [
    { href: '/send-money', label: t('footerSendMoney') },
    { href: '/receive-money', label: t('footerReceivePayments') },
    { href: '/bill-pay', label: t('footerBillPayments') },
    { href: '/card', label: t('footerOnlineShopping') },
  ]
  const support = [
    { href: '#help', label: t('footerHelpCenter') },
    { href: '#contact', label: t('footerContactUs') },
    { href: '#security', label: t('footerSecurity') },
    { href: '#privacy', label: t('footerPrivacyPolicy') },
  ]
  const access = [
    { icon: Apple, label: t('footerIos') },
    { icon: Play, label: t('footerAndroid') },
    { icon: Globe, label: t('footerWeb') },
    { icon: Hash, label: t('footerUssd') },
  ]
  return (
    <footer className="bg-slate-950 text-slate-300">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.5fr_1fr_1fr_1.2fr]">
        <div className="col-span-2 lg:col-span-1">
          <Logo className="text-white" />
          <p className="mt-4 font-semibold text-white">{t('footerTagline')}</p>
          <p className="mt-2 max-w-xs text-sm text-slate-400">{t('footerAbout')}</p>
        </div>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="text-sm font-semibold text-white">
            {t('footerServices')}
          </h2>
          <ul className="mt-4 space-y-3">
            {services.map((link) => (
              <li key={link.label}>
                <Link href={link.href} className={footerLinkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-support">
          <h2 id="footer-support" className="text-sm font-semibold text-white">
            {t('footerSupport')}
          </h2>
          <ul className="mt-4 space-y-3">
            {support.map((link) => (
              <li key={link.label}>
                <a href={link.href} className={footerLinkClass}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-span-2 lg:col-span-1">
          <h2 className="text-sm font-semibold text-white">{t('footerAccess')}</h2>
          <ul className="mt-4 grid grid-cols-2 gap-2" data-testid="footer-access">
            {access.map(({ icon: Icon, label }) => (
              <li
                key={label}
                className="flex items-center gap-2 rounded-lg border border-slate-800 bg-slate-900 px-3 py-2 text-sm text-slate-200"
              >
                <Icon className="size-4 text-emerald-400" aria-hidden="true" />
                {label}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6">
          {t('footerCopyright')}
        </p>
      </div>
    </footer>
  )
}
