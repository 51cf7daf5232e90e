/**
 * Every page of the app, the route table `src/client/app.tsx` is built from. The server
 * answers these paths with the app (200) and any other page path with the app's own not-found
 * page under a 404 status, so a crawler, a monitor or a mistyped `/healthz` is told the truth.
 */
export const CLIENT_ROUTES = {
  home: '/',
  dashboard: '/dashboard',
  signIn: '/sign-in',
  signUp: '/sign-up',
  test: '/test',
  minimal: '/minimal',
  logoSample: '/logo-sample',
  card: '/card',
  profile: '/profile',
  sendMoney: '/send-money',
  sabiTransfer: '/sabi-transfer',
  transferOptions: '/transfer-options',
  transactions: '/transactions',
  transactionDetails: '/transactions/:id',
  /** A customer's reports of problems with transactions, and one of them (docs/disputes.md). */
  disputes: '/disputes',
  disputeDetails: '/disputes/:id',
  /** Scheduled and recurring transfers, and one of them (docs/scheduled-transfers.md). */
  scheduledTransfers: '/scheduled-transfers',
  scheduledTransferDetails: '/scheduled-transfers/:id',
  /** Savings pockets (docs/pockets.md). */
  pockets: '/pockets',
  bankTransfer: '/bank-transfer',
  exchange: '/exchange',
  billPay: '/bill-pay',
  cryptoPurchase: '/crypto-purchase',
  transferGlobal: '/transfer-global',
  internationalTransfer: '/international-transfer',
  sendMoneyInternational: '/send-money/international',
  receiveMoney: '/receive-money',
  /** Where the payment provider's checkout sends the user back after a card top-up. */
  addFundsReturn: '/add-funds/return',
  pay: '/pay',
  posTerminal: '/pos-terminal',
  settings: '/settings',
  limits: '/limits',
  verify: '/verify',
  /** The public check of a statement of account (docs/statements.md). */
  verifyStatement: '/verify/statement/:code',
  verifyReceipt: '/verify/:code',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** The "This wasn't me" link of security alerts (docs/security.md "Alerts"). */
  freeze: '/freeze',
  sandboxOutbox: '/sandbox/outbox',
} as const

/** Where the operations console lives (docs/operations-console.md "The console"). */
export const OPS_BASE = '/ops'

/** The console's pages, relative to OPS_BASE (its router's `base`). */
export const OPS_PATHS = {
  home: '/',
  enrol: '/enrol',
  disputes: '/disputes',
  dispute: '/disputes/:id',
  customers: '/customers',
  customer: '/customers/:id',
  approvals: '/approvals',
  payouts: '/payouts',
  identity: '/identity',
  operators: '/operators',
  audit: '/audit',
} as const

const PATTERNS = [
  ...Object.values(CLIENT_ROUTES),
  ...Object.values(OPS_PATHS).map((path) => `${OPS_BASE}${path === '/' ? '' : path}`),
].map((route) => new RegExp(`^${route.replace(/:[^/]+/g, '[^/]+')}/?$`))

/**
 * Pages that exist in sandbox mode only (docs/ussd.md "Simulator"): elsewhere the server answers
 * them like an unknown path, 404, and the app shows its not-found page.
 */
export const SANDBOX_CLIENT_ROUTES = {
  ussd: '/ussd',
} as const

/** Whether a path (no query) is one of the sandbox-only pages. */
export function isSandboxClientRoute(path: string): boolean {
  return Object.values(SANDBOX_CLIENT_ROUTES).some((route) => new RegExp(`^${route}/?$`).test(path))
}

/** Whether a path (no query) is one of the app's pages. */
export function isClientRoute(path: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(path))
}
