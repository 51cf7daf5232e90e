/**
 * Whether this server wants new traffic. Start-up makes one and hands it to the app; shutting
 * down sets `draining` first, so GET /api/ready answers 503 while requests in flight finish.
 */
export type Readiness = { draining: boolean }

export function createReadiness(): Readiness {
  return { draining: false }
}
