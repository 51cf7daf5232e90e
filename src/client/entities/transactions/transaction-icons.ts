import {
  ArrowDownLeft,
  ArrowLeftRight,
  ArrowUpRight,
  Banknote,
  CircleDot,
  type LucideIcon,
  Minus,
  PiggyBank,
  Plus,
  ShoppingCart,
  Store,
  Undo2,
} from 'lucide-react'

export type TransactionIcon = { icon: LucideIcon; tone: string }

const MONEY_IN_TONE = 'bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300'

/**
 * Each type the history shows, with an icon that says what happened (issue 31: a POS sale, money
 * in, wore the exchange's arrows). Money in is green, like its "+" amount.
 */
const TYPE_ICONS: Readonly<Record<string, TransactionIcon>> = {
  send: {
    icon: ArrowUpRight,
    tone: 'bg-orange-100 text-orange-700 dark:bg-orange-900/40 dark:text-orange-300',
  },
  receive: { icon: ArrowDownLeft, tone: MONEY_IN_TONE },
  add_funds: { icon: Plus, tone: MONEY_IN_TONE },
  pos_sale: { icon: Store, tone: MONEY_IN_TONE },
  reversal: { icon: Undo2, tone: MONEY_IN_TONE },
  // Money staff paid back or put right (docs/operations-console.md "Money").
  refund: { icon: Undo2, tone: MONEY_IN_TONE },
  adjustment: { icon: Plus, tone: MONEY_IN_TONE },
  correction: {
    icon: Minus,
    tone: 'bg-orange-100 text-orange-700 dark:bg-orange-900/40 dark:text-orange-300',
  },
  // A savings pocket (docs/pockets.md): saved, and taken back.
  saving: {
    icon: PiggyBank,
    tone: 'bg-teal-100 text-teal-700 dark:bg-teal-900/40 dark:text-teal-300',
  },
  saving_withdrawal: { icon: PiggyBank, tone: MONEY_IN_TONE },
  purchase: {
    icon: ShoppingCart,
    tone: 'bg-blue-100 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300',
  },
  withdraw: {
    icon: Banknote,
    tone: 'bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
  },
  exchange: {
    icon: ArrowLeftRight,
    tone: 'bg-violet-100 text-violet-700 dark:bg-violet-900/40 dark:text-violet-300',
  },
}

/**
 * Any other type gets a neutral dot (docs/screens.md "Display rules"), never another type's
 * icon: the exchange's arrows on a sale said it was an exchange.
 */
export const GENERIC_TRANSACTION_ICON: TransactionIcon = {
  icon: CircleDot,
  tone: 'bg-muted text-muted-foreground',
}

/** The icon and colours of a transaction type, shared by the lists and the details view. */
export function transactionTypeIcon(type: string): TransactionIcon {
  return TYPE_ICONS[type] ?? GENERIC_TRANSACTION_ICON
}
