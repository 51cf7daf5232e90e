import type { UserRow } from '#server/users/find-user.ts'
import { AppError, msg } from '#shared/errors.ts'

export const ACCOUNT_FROZEN_MESSAGE = msg('accountFrozen')

/** 423 ACCOUNT_FROZEN: what a frozen account's outgoing money and credential changes get. */
export function frozenRefusal(): AppError {
  return new AppError('ACCOUNT_FROZEN', ACCOUNT_FROZEN_MESSAGE)
}

export function refuseIfFrozen(user: Pick<UserRow, 'frozenAt'>): void {
  if (user.frozenAt) throw frozenRefusal()
}
