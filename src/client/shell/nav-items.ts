import {
  ArrowDownLeft,
  ArrowLeftRight,
  CreditCard,
  House,
  type LucideIcon,
  Receipt,
  Send,
  ShoppingBag,
} from 'lucide-react'
import type { useShellMessages } from './messages.ts'

type ShellMessageKey = Parameters<ReturnType<typeof useShellMessages>>[0]

export type NavItem = { href: string; label: ShellMessageKey; icon: LucideIcon }

/** The header's four links, also listed by the mobile menu (docs/screens.md "Header"). */
export const HEADER_NAV_ITEMS: readonly NavItem[] = [
  { href: '/send-money', label: 'navSendMoney', icon: Send },
  { href: '/receive-money', label: 'navReceive', icon: ArrowDownLeft },
  { href: '/bill-pay', label: 'navPayBills', icon: Receipt },
  // The business "Shop": its point of sale.
  { href: '/pos-terminal', label: 'navShop', icon: ShoppingBag },
]

/** The mobile bottom tab bar (docs/screens.md "Bottom tab bar"). */
export const TAB_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'tabHome', icon: House },
  { href: '/send-money', label: 'tabSend', icon: Send },
  { href: '/exchange', label: 'tabExchange', icon: ArrowLeftRight },
  { href: '/card', label: 'tabCard', icon: CreditCard },
]
