import { CLIENT_ROUTES } from '#shared/client-routes.ts'
import type { Config } from './config.ts'
import { DEMO_PIN } from './seed/demo-activity.ts'
import { DEMO_ACCOUNT } from './seed/seed.ts'

/**
 * What sandbox mode keeps in its outbox instead of sending: e-mail without SMTP_URL, SMS
 * without the SMS gateway (docs/running.md "Sandbox"). Empty when both really go out.
 */
function keptMessages(config: Config): string[] {
  return [...(config.sms ? [] : ['SMS']), ...(config.smtpUrl ? [] : ['e-mail'])]
}

/**
 * The lines `npm start` prints once the server listens: where it runs, its database and API
 * docs, and in sandbox mode the demo account and the page where the codes and links it "sent"
 * are read, at the configured origin (PUBLIC_URL), as someone trying Sabi cannot receive them.
 */
export function startupBanner(
  config: Config,
  server: { url: string; workerProcesses?: number | undefined },
): string {
  const workers = server.workerProcesses ? ` (${server.workerProcesses} worker processes)` : ''
  const lines = [
    '',
    `  Sabi is running at ${server.url}${workers}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`}`,
    `  API docs: ${server.url}/api/docs`,
  ]
  if (config.sandbox) {
    lines.push(
      '  Mode: SANDBOX (simulated providers; no real money moves)',
      `  Demo account: ${DEMO_ACCOUNT.email} / ${DEMO_ACCOUNT.password} (PIN ${DEMO_PIN})`,
    )
    const kept = keptMessages(config)
    if (kept.length > 0) {
      lines.push(
        `  Sandbox messages (${kept.join(' and ')}, codes and links): ${config.publicUrl}${CLIENT_ROUTES.sandboxOutbox}`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}
