import { LogoMark } from './logo.tsx'

/**
 * The first paint, drawn by the entry before the app's code, its texts and its data have
 * arrived (docs/performance.md "Page weight"): the Sabi mark over the spinner every page uses
 * while loading. It has no words, so it needs no catalog and is right in every language.
 */
export function AppLoading() {
  return (
    <div aria-busy="true" className="flex min-h-dvh items-center justify-center bg-background">
      <div className="flex flex-col items-center gap-4">
        <LogoMark className="size-12" />
        <span className="block size-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary" />
      </div>
    </div>
  )
}
