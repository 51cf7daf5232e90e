import type { ReactNode } from 'react'

/**
 * A card's title on a console page: an h2 under the page's h1 (the app's CardTitle is an h3,
 * for pages whose cards sit under section headings).
 */
export function CardHeading({ children }: { children: ReactNode }) {
  return <h2 className="text-lg font-semibold leading-tight">{children}</h2>
}
