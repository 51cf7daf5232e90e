import { CardPromoSection } from '#client/features/landing/card-promo-section.tsx'
import { ClosingCtaSection } from '#client/features/landing/closing-cta-section.tsx'
import { FeaturesSection } from '#client/features/landing/features-section.tsx'
import { HeroSection } from '#client/features/landing/hero-section.tsx'
import { LandingFooter } from '#client/features/landing/landing-footer.tsx'
import { LandingHeader } from '#client/features/landing/landing-header.tsx'
import { StepsSection } from '#client/features/landing/steps-section.tsx'
import { TrustSection } from '#client/features/landing/trust-section.tsx'
import { useDocumentTitle } from '#client/lib/use-document-title.ts'

/**
 * The visitor's home page (docs/screens.md "Landing page"). It is the first thing most people load,
 * often on slow networks, so visitors get it prerendered as static HTML at `/`, with no React
 * in the browser (docs/decisions/003-prerendered-landing-page.md); the app renders it only for
 * a visitor who moves to `/` inside the app. So it must render without a browser, and work as
 * plain markup and CSS: behaviour goes through framework-free functions (see components/install).
 */
export function LandingPage() {
  useDocumentTitle(null)
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <LandingHeader />
      <main id="main">
        <HeroSection />
        <FeaturesSection />
        <StepsSection />
        <CardPromoSection />
        <TrustSection />
        <ClosingCtaSection />
      </main>
      <LandingFooter />
    </div>
  )
}
