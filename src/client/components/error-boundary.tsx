import { RotateCw, TriangleAlert } from 'lucide-react'
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useCommonMessages } from '#client/components/messages.ts'
import { Button } from '#client/components/ui/button.tsx'

function ErrorRecoveryScreen() {
  const t = useCommonMessages()
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-6">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-red-100 text-destructive dark:bg-red-900/40">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-semibold">{t('errorRecoveryTitle')}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{t('errorRecoveryDescription')}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          {t('reload')}
        </Button>
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
