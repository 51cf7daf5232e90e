import { randomUUID } from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { addDays, lagosDay } from '#shared/lagos-time.ts'
import { openedDisputeSchema } from '#shared/schemas/disputes.ts'
import { scheduledTransferDetailsSchema } from '#shared/schemas/scheduled-transfers.ts'
import { type Transaction, transactionPageSchema } from '#shared/schemas/transactions.ts'
import { E2E_PIN, expect, type SignedUpUser } from './fixtures.ts'
import { giveHistory, LONG_NAME } from './history-helpers.ts'
import { signUpElsewhere } from './payment-helpers.ts'

/**
 * The signed-in screens the layout walks visit (narrow-screens.spec.ts at 360 px in every
 * language, desktop-screens.spec.ts at desktop width), after giveHistory has given the user a
 * history of every kind, a transfer and a report of it.
 */

/**
 * Opens a screen as the app's own links do, without loading the app again: the router follows
 * the history, and twenty screens in four languages stay quick on a busy machine.
 */
export async function openScreen(page: Page, path: string) {
  await page.evaluate((to) => history.pushState(null, '', to), path)
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(path)
}

/** The signed-in screens: each path, and what to do there before scanning. */
export function signedInScreens(
  friend: SignedUpUser,
  transfer: Transaction,
  disputeId: string,
  scheduleId: string,
) {
  return [
    { name: 'pockets', path: '/pockets' },
    { name: 'dashboard', path: '/' },
    { name: 'send money', path: '/send-money' },
    { name: 'Sabi transfer', path: '/sabi-transfer' },
    {
      name: 'Sabi transfer, recipient chosen, and its review',
      path: `/sabi-transfer?to=${friend.id}`,
      chooses: true,
    },
    { name: 'bank transfer', path: '/bank-transfer' },
    { name: 'transfer global', path: '/transfer-global' },
    { name: 'transfer options', path: '/transfer-options' },
    { name: 'bill pay', path: '/bill-pay' },
    { name: 'receive money', path: '/receive-money' },
    { name: 'POS terminal', path: '/pos-terminal' },
    { name: 'POS history', path: '/pos-terminal', tab: 1 },
    { name: 'POS analytics', path: '/pos-terminal', tab: 2 },
    { name: 'exchange', path: '/exchange' },
    { name: 'transactions', path: '/transactions' },
    { name: 'transaction details', path: `/transactions/${transfer.id}` },
    { name: 'my reports', path: '/disputes' },
    { name: 'report', path: `/disputes/${disputeId}` },
    { name: 'scheduled transfers', path: '/scheduled-transfers' },
    { name: 'scheduled transfer', path: `/scheduled-transfers/${scheduleId}` },
    // Public, for anyone holding the receipt: the app's own header is not on it.
    { name: 'receipt check', path: `/verify/${transfer.verificationCode}`, publicPage: true },
    { name: 'crypto purchase', path: '/crypto-purchase' },
    { name: 'profile', path: '/profile' },
    { name: 'settings', path: '/settings' },
    { name: 'card', path: '/card' },
    { name: 'limits', path: '/limits' },
  ]
}

/**
 * Signs up the page's user with a history of every kind (a friend with a long name to pay and
 * be paid by) and one transfer reported, so the history, the details and My reports show a
 * report beside the amounts; answers the screens to walk.
 */
export async function userWithEveryScreen(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  signUp: () => Promise<SignedUpUser>,
) {
  const friend = await signUpElsewhere(browser, page, baseURL, LONG_NAME)
  await signUp()
  await giveHistory(page, friend.user)
  await friend.close()
  const history = transactionPageSchema.parse(
    await (await page.request.get('/api/transactions?limit=50')).json(),
  )
  const transfer = history.items.find((row) => row.type === 'send' && row.toUserId !== null)
  if (!transfer) throw new Error('no transfer in the history')
  const reported = await page.request.post(`/api/transactions/${transfer.id}/disputes`, {
    data: { reason: 'wrong_recipient', details: 'Sent to the wrong Babajide' },
  })
  expect(reported.status(), await reported.text()).toBe(201)
  const disputeId = openedDisputeSchema.parse(await reported.json()).id
  // A monthly transfer of the longest amount the history has, to the friend with the long name.
  const scheduled = await page.request.post('/api/scheduled-transfers', {
    data: {
      kind: 'sabi',
      fromWalletId: transfer.fromWalletId,
      recipientUserId: friend.user.id,
      amount: '987654.32',
      frequency: 'monthly',
      startDate: addDays(lagosDay(new Date()), 3),
      pin: E2E_PIN,
    },
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(scheduled.status(), await scheduled.text()).toBe(201)
  const scheduleId = scheduledTransferDetailsSchema.parse(await scheduled.json()).id
  // A locked pocket with a long target, most of the way there, for the dashboard and /pockets.
  const pocket = await page.request.post('/api/pockets', {
    data: {
      name: 'School fees and uniforms for the twins',
      currency: 'NGN',
      targetAmount: '987654.32',
      lockedUntil: addDays(lagosDay(new Date()), 60),
      roundUps: true,
    },
  })
  expect(pocket.status(), await pocket.text()).toBe(201)
  return signedInScreens(friend.user, transfer, disputeId, scheduleId)
}
