import type { UserRow } from '#server/users/find-user.ts'
import { AppError } from '#shared/errors.ts'

export const ACCOUNT_FROZEN_MESSAGE =
  'Your account is frozen. Unfreeze it in Settings to send money or change your sign-in details'

/** 423 ACCOUNT_FROZEN: what a frozen account's outgoing money and credential changes get. */
export function frozenRefusal(): AppError {
  return new AppError('ACCOUNT_FROZEN', ACCOUNT_FROZEN_MESSAGE)
}

export function refuseIfFrozen(user: Pick<UserRow, 'frozenAt'>): void {
  if (user.frozenAt) throw frozenRefusal()
}
