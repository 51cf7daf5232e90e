import { describe, expect, it } from 'vitest'
import { OPERATOR_ROLES } from '#shared/schemas/ops.ts'
import { customerPath, disputePath, homePathFor, navItemsFor } from './ops-routes.ts'

describe('navItemsFor', () => {
  it('shows support the queue, customers and payouts only', () => {
    expect(navItemsFor('support').map((item) => item.path)).toEqual([
      '/disputes',
      '/customers',
      '/payouts',
    ])
  })

  it('adds approvals and identity reviews for compliance', () => {
    expect(navItemsFor('compliance').map((item) => item.path)).toEqual([
      '/disputes',
      '/customers',
      '/approvals',
      '/payouts',
      '/identity',
    ])
  })

  it('shows admin the operators and the audit log only', () => {
    expect(navItemsFor('admin').map((item) => item.path)).toEqual(['/operators', '/audit'])
  })

  it('gives every role somewhere to land', () => {
    for (const role of OPERATOR_ROLES) expect(homePathFor(role)).not.toBe('/')
    expect(homePathFor('admin')).toBe('/operators')
  })
})

describe('paths', () => {
  it('encodes ids into one segment', () => {
    expect(disputePath('a/b')).toBe('/disputes/a%2Fb')
    expect(customerPath('c1')).toBe('/customers/c1')
  })
})
