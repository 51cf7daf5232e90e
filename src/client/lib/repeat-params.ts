/**
 * What a "Repeat this" link carries into a transfer form (docs/scheduled-transfers.md "Setting
 * one up"): the amount and description of the transfer repeated, and whether to open the form
 * on "Schedule or repeat". The payee comes in each form's own parameters.
 */
export type RepeatParams = {
  amount: string
  description: string
  walletId: string
  schedule: boolean
}

const AMOUNT = /^\d{1,15}(\.\d{1,8})?$/
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function readRepeatParams(search: string): RepeatParams {
  const params = new URLSearchParams(search)
  const amount = params.get('amount') ?? ''
  return {
    amount: AMOUNT.test(amount) ? amount : '',
    description: (params.get('note') ?? '').slice(0, 140),
    walletId: ID.test(params.get('wallet') ?? '') ? (params.get('wallet') ?? '') : '',
    schedule: params.get('schedule') === '1',
  }
}

/** The query of a "Repeat this" link, from the transfer being repeated. */
export function repeatQuery(values: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(values)) if (value) params.set(name, value)
  params.set('schedule', '1')
  return params.toString()
}
