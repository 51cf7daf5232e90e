import { defineMessages } from '#client/i18n/i18n.ts'

export const useTransactionMessages = defineMessages('transactions', {
  today: 'Today, {{time}}',
  yesterday: 'Yesterday, {{time}}',
  defaultDescription: '{{type}} transaction',
  amountWithFee: 'Amount: {{amount}} + Fee: {{fee}}',
  exchangeDetail: '{{amount}} {{from}} → {{converted}} {{to}}',
  purchaseDetail: '{{converted}} {{to}}',
  reference: 'Ref {{reference}}',
  statusCompleted: 'Completed',
  statusPending: 'Pending',
  statusFailed: 'Failed',
  // The history page (SPEC §2 /transactions).
  back: 'Back',
  historyTitle: 'Transaction History',
  historyDescription: 'Every payment in and out of your wallets.',
  allTransactions: 'All Transactions',
  loadingTransactions: 'Loading transactions',
  transactionsUnavailable: "Couldn't load transactions",
  retry: 'Retry',
  noTransactions: 'No transactions yet',
  noTransactionsText: 'Start by sending money or adding funds to your wallet.',
  sendMoney: 'Send Money',
  addFunds: 'Add Funds',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
} as const)
