import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useCommonMessages } from '#client/components/messages.ts'

// The screen for when something broke depends on as little as it can, and is in the app's entry
// (docs/performance.md "Page weight"): a plain button with the look of ui/button.tsx's default
// and two icons drawn in place (lucide's "triangle-alert" and "rotate-cw"), rather than Radix's
// Slot and the icon library, which only the pages need. Nothing it shows has to load first.
const ICON_PROPS = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

function ErrorRecoveryScreen() {
  const t = useCommonMessages()
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-6">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-100 text-destructive dark:bg-red-900/40">
          <svg className="size-6" aria-hidden="true" {...ICON_PROPS}>
            <path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3" />
            <path d="M12 9v4" />
            <path d="M12 17h.01" />
          </svg>
        </div>
        <h1 className="text-xl font-semibold">{t('errorRecoveryTitle')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('errorRecoveryDescription')}</p>
        <button
          type="button"
          className="mt-6 inline-flex h-10 items-center justify-center gap-2 whitespace-nowrap rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-foreground transition-colors hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          onClick={() => window.location.reload()}
        >
          <svg className="size-4 shrink-0" aria-hidden="true" {...ICON_PROPS}>
            <path d="M21 12a9 9 0 1 1-9-9c2.52 0 4.93 1 6.74 2.74L21 8" />
            <path d="M21 3v5h-5" />
          </svg>
          {t('reload')}
        </button>
      </div>
    </main>
  )
}

type Props = { children: ReactNode }
type State = { failed: boolean }

/**
 * Catches a render failure anywhere below it and shows the "Error Recovery Mode" screen
 * (docs/screens.md "Routes") instead of a blank page. React offers this only as a class component.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Kept in the console so a user's report (or a test's console check) carries the cause.
    console.error('Render failed', error, info.componentStack)
  }

  override render() {
    return this.state.failed ? <ErrorRecoveryScreen /> : this.props.children
  }
}
