import { OPS_PATHS } from '#shared/client-routes.ts'
import { mayDo, type OperatorRole, type OpsPermission } from '#shared/schemas/ops.ts'
import { OPS_TEXT } from './messages.ts'

export function disputePath(id: string): string {
  return `${OPS_PATHS.disputes}/${encodeURIComponent(id)}`
}

export function customerPath(id: string): string {
  return `${OPS_PATHS.customers}/${encodeURIComponent(id)}`
}

export type OpsNavItem = { path: string; label: string; permission: OpsPermission }

/** The left navigation, in order; each item is shown only to a role that may use it. */
export const OPS_NAV: readonly OpsNavItem[] = [
  { path: OPS_PATHS.disputes, label: OPS_TEXT.nav.disputes, permission: 'listDisputes' },
  { path: OPS_PATHS.customers, label: OPS_TEXT.nav.customers, permission: 'searchCustomers' },
  { path: OPS_PATHS.approvals, label: OPS_TEXT.nav.approvals, permission: 'listApprovals' },
  { path: OPS_PATHS.payouts, label: OPS_TEXT.nav.payouts, permission: 'listPayouts' },
  { path: OPS_PATHS.identity, label: OPS_TEXT.nav.identity, permission: 'reviewIdentity' },
  { path: OPS_PATHS.operators, label: OPS_TEXT.nav.operators, permission: 'manageOperators' },
  { path: OPS_PATHS.audit, label: OPS_TEXT.nav.audit, permission: 'readAudit' },
]

/** The sections a role sees in the navigation (`mayDo` of the shared role matrix). */
export function navItemsFor(role: OperatorRole): OpsNavItem[] {
  return OPS_NAV.filter((item) => mayDo(role, item.permission))
}

/** Where `/ops` takes an operator: the first section their role may use. */
export function homePathFor(role: OperatorRole): string {
  return navItemsFor(role)[0]?.path ?? OPS_PATHS.home
}
