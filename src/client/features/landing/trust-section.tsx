import { ChevronDown, LifeBuoy, LockKeyhole, Mail, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { useLandingMessages } from './messages.ts'

/** The one support address; the Contact Us block shows it and links it with mailto. */
export const SUPPORT_EMAIL = 'support@sabi.app'

/**
 * Help Center, Contact Us, Security and Privacy Policy: the footer's support links point at
 * these blocks (#help, #contact, #security, #privacy) so none of them is a dead link.
 */
export function TrustSection() {
  const t = useLandingMessages()
  const faqs = [
    { question: t('helpQ1'), answer: t('helpA1') },
    { question: t('helpQ2'), answer: t('helpA2') },
    { question: t('helpQ3'), answer: t('helpA3') },
  ]
  return (
    <section aria-labelledby="trust-title" className="border-y bg-card py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            {t('trustEyebrow')}
          </p>
          <h2 id="trust-title" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            {t('trustTitle')}
          </h2>
        </div>
        <div className="mt-10 grid gap-5 md:grid-cols-2">
          <TrustBlock id="help" icon={<LifeBuoy />} title={t('helpTitle')} text={t('helpText')}>
            <div className="divide-y rounded-xl border">
              {faqs.map((faq) => (
                <details key={faq.question} className="group px-4 py-3">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
                    {faq.question}
                    <ChevronDown
                      className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                      aria-hidden="true"
                    />
                  </summary>
                  <p className="mt-2 text-sm text-muted-foreground">{faq.answer}</p>
                </details>
              ))}
            </div>
          </TrustBlock>
          <TrustBlock
            id="contact"
            icon={<Mail />}
            title={t('contactTitle')}
            text={t('contactText')}
          >
            <dl className="space-y-4 text-sm">
              <div>
                <dt className="font-medium">{t('contactEmailLabel')}</dt>
                <dd className="mt-1">
                  <a
                    href={`mailto:${SUPPORT_EMAIL}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {SUPPORT_EMAIL}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-medium">{t('contactAccountLabel')}</dt>
                <dd className="mt-1 text-muted-foreground">{t('contactAccountText')}</dd>
              </div>
              <div>
                <dt className="font-medium">{t('contactSafetyLabel')}</dt>
                <dd className="mt-1 text-muted-foreground">{t('contactSafetyText')}</dd>
              </div>
            </dl>
          </TrustBlock>
          <TrustBlock
            id="security"
            icon={<ShieldCheck />}
            title={t('securitySectionTitle')}
            text={t('securitySectionText')}
          >
            <BulletList
              items={[
                t('securityItem1'),
                t('securityItem2'),
                t('securityItem3'),
                t('securityItem4'),
              ]}
            />
          </TrustBlock>
          <TrustBlock
            id="privacy"
            icon={<LockKeyhole />}
            title={t('privacyTitle')}
            text={t('privacyText')}
          >
            <BulletList items={[t('privacyItem1'), t('privacyItem2'), t('privacyItem3')]} />
          </TrustBlock>
        </div>
      </div>
    </section>
  )
}

function TrustBlock({
  id,
  icon,
  title,
  text,
  children,
}: {
  id: string
  icon: ReactNode
  title: string
  text: string
  children: ReactNode
}) {
  const headingId = `${id}-title`
  return (
    <article
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-20 rounded-2xl border bg-background p-6 target:ring-2 target:ring-primary"
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-300 [&_svg]:size-5">
          {icon}
        </span>
        <h3 id={headingId} className="text-xl font-semibold">
          {title}
        </h3>
      </div>
      <p className="mt-3 text-sm text-muted-foreground">{text}</p>
      <div className="mt-5">{children}</div>
    </article>
  )
}

function BulletList({ items }: { items: string[] }) {
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-sm">
          <span className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  )
}
