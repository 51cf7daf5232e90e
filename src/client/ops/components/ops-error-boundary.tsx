import { Component, type ErrorInfo, type ReactNode } from 'react'
import { OPS_TEXT } from '../messages.ts'

type State = { failed: boolean }

/**
 * The console's "something broke" screen, in its own words. It is not the app's ErrorBoundary:
 * that one waits for the customer app's catalogs, and sharing it would move it out of the
 * customer app's chunk into one of its own (docs/operations-console.md "The console").
 */
export class OpsErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Console render failed', error, info.componentStack)
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <main className="flex min-h-dvh items-center justify-center bg-background p-6">
        <div role="alert" className="w-full max-w-md rounded-xl border bg-card p-8 text-center">
          <h1 className="text-xl font-semibold">{OPS_TEXT.brokenTitle}</h1>
          <p className="mt-2 text-sm text-muted-foreground">{OPS_TEXT.brokenText}</p>
          <button
            type="button"
            className="mt-6 inline-flex h-10 items-center justify-center rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
            onClick={() => window.location.reload()}
          >
            {OPS_TEXT.reload}
          </button>
        </div>
      </main>
    )
  }
}
