import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { refetchMoneyLists } from '#client/lib/refetch-money-lists.ts'
import { type ErrorToastFallback, useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { useIdempotencyKey } from '#client/lib/use-idempotency-key.ts'
import type { Money } from '#shared/money.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { PIN_STATUS_QUERY_KEY, usePinStatus } from './use-pin-status.ts'

/** One line of the review sheet: a label and its figure. */
export type ReviewRow = {
  label: string
  value: string
  strong?: boolean
  /** Words rather than a figure (see SummaryRow). */
  text?: boolean
  testId?: string
}

/** What the review sheet shows before anything moves (docs/screens.md "Money actions"). */
export type Review = {
  title: string
  /** Who gets the money, and the name the bank or Sabi confirmed for them. */
  recipient?: {
    name: string
    detail?: string
    verified?: boolean
    /** Why the name may not be the account's: a bank that confirms no names (docs/transfers.md). */
    caution?: string
  }
  rows: ReviewRow[]
  /** When it arrives, or anything else the user should know before confirming. */
  note?: string
  /**
   * What leaves the sender's wallet, as the KYC limits count it (docs/limits.md): the sheet
   * checks it before the PIN and warns when it is over a limit.
   */
  limitCheck?: { currency: string; amount: string }
  /**
   * The wallet paid from and everything that leaves it (amount plus fee): the sheet shows any
   * shortfall and stops before the PIN, so the server never has to refuse it after.
   */
  spend?: { wallet: Wallet; total: Money }
}

/** One submission: where it goes, its body (without the PIN) and how to review it. */
export type MoneySubmission = { path: string; body: Record<string, unknown>; review: Review }

export type MoneyActionStep =
  | { kind: 'closed' }
  | { kind: 'review' }
  | { kind: 'create-pin' }
  | { kind: 'pin'; error: string | null }
  | { kind: 'locked'; message: string }
  | { kind: 'processing' }
  | { kind: 'receipt'; transactionId: string }

export type MoneyActionOptions<Result> = {
  /** Reads the server's answer with the route's response schema. */
  parse: (data: unknown) => Result
  /** The transaction the receipt shows; null when the answer names none. */
  transactionIdOf: (result: Result) => string | null
  /** The failure toast's title and fallback text (docs/screens.md "Texts"). */
  failure: ErrorToastFallback
  /** The success toast (docs/screens.md "Texts"). */
  success: { title: string; description: string }
  /**
   * When the toast may say so: once the server has taken the payment (the default), or only
   * once its provider has completed it (a bill), which the receipt watches for.
   */
  announce?: 'accepted' | 'completed'
  /** What the form does after a success, such as clearing itself. */
  onSuccess?: (result: Result) => void | Promise<void>
  /** What the form does once the user has closed the receipt, such as showing its own panel. */
  onReceiptClosed?: (result: Result) => void
  /** A refusal the form deals with itself (a lapsed quote): true when it did. */
  onRefused?: (error: ApiError) => boolean
  /**
   * False for money that stays the user's (into or out of their own savings pocket,
   * docs/pockets.md): Confirm sends at once, with no PIN step. Every payment out has the PIN.
   */
  pin?: false
}

export type MoneyAction = {
  step: MoneyActionStep
  submission: MoneySubmission | null
  /** A submission is open in the sheet: the form keeps its inputs still meanwhile. */
  busy: boolean
  review: (submission: MoneySubmission) => void
  /** Goes on from the review to the PIN (or to creating one). */
  confirm: () => void
  /** For a form that has shown its own review page: straight to the PIN. */
  confirmReviewed: (submission: MoneySubmission) => void
  /** Whether the user's PIN is known yet; the review waits for it. */
  pinKnown: boolean
  /** Whether Confirm leads to the PIN (every payment out) or sends at once (docs/pockets.md). */
  needsPin: boolean
  submitPin: (pin: string) => void
  /** The receipt reports the transaction's status as it changes. */
  receiptStatus: (status: string) => void
  close: () => void
}

/**
 * The one flow of every outgoing money action (docs/screens.md "Money actions"): review, PIN
 * (created first if the user has none), processing, receipt. It owns the Idempotency-Key (the
 * same body keeps its key, so a retry after a lost answer or a wrong PIN can never move money
 * twice), the double-tap guard, the toasts and the refetch; each form keeps only its fields.
 */
export function useMoneyAction<Result>(options: MoneyActionOptions<Result>): MoneyAction {
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const keys = useIdempotencyKey()
  const [step, setStep] = useState<MoneyActionStep>({ kind: 'closed' })
  const [submission, setSubmission] = useState<MoneySubmission | null>(null)
  // A second tap lands before React has re-rendered; this catches it.
  const sending = useRef(false)
  const optionsRef = useRef(options)
  optionsRef.current = options
  // The answer of the submission on the receipt, and whether its success was said already.
  const accepted = useRef<{ result: Result; announced: boolean } | null>(null)

  const review = useCallback((next: MoneySubmission) => {
    if (sending.current) return
    setSubmission(next)
    setStep({ kind: 'review' })
  }, [])

  const close = useCallback(() => {
    if (sending.current) return
    setStep({ kind: 'closed' })
    const done = accepted.current
    accepted.current = null
    if (done) optionsRef.current.onReceiptClosed?.(done.result)
  }, [])

  const receiptStatus = useCallback((status: string) => {
    const done = accepted.current
    if (!done || done.announced || status !== 'completed') return
    done.announced = true
    toast(optionsRef.current.success)
  }, [])

  const pinStatus = usePinStatus()
  // Unknown (still loading or failed) counts as set: the server then says PIN_NOT_SET if not.
  const pinIsSet = pinStatus.data?.isSet ?? true
  const refused = useCallback(
    (error: unknown) => {
      const { failure, onRefused } = optionsRef.current
      if (error instanceof ApiError) {
        if (error.code === 'PIN_INVALID' || error.code === 'PIN_REQUIRED') {
          setStep({ kind: 'pin', error: error.serverMessage ?? failure.message })
          return
        }
        if (error.code === 'PIN_LOCKED') {
          void queryClient.invalidateQueries({ queryKey: PIN_STATUS_QUERY_KEY })
          setStep({ kind: 'locked', message: error.serverMessage ?? failure.message })
          return
        }
        if (error.code === 'PIN_NOT_SET') {
          void queryClient.invalidateQueries({ queryKey: PIN_STATUS_QUERY_KEY })
          setStep({ kind: 'create-pin' })
          return
        }
        if (onRefused?.(error)) {
          setStep({ kind: 'closed' })
          return
        }
      }
      setStep({ kind: 'closed' })
      showErrorToast(error, failure)
    },
    [queryClient, showErrorToast],
  )

  const send = useCallback(
    (next: MoneySubmission | null, pin: string | null) => {
      if (sending.current || !next) return
      sending.current = true
      setStep({ kind: 'processing' })
      const key = keys.keyFor({ path: next.path, body: next.body })
      const body = pin === null ? next.body : { ...next.body, pin }
      apiRequest('POST', next.path, body, { idempotencyKey: key })
        .then(async (data) => {
          const { parse, transactionIdOf, success, announce, onSuccess, onReceiptClosed } =
            optionsRef.current
          const result = parse(data)
          keys.settle()
          const sayNow = announce !== 'completed'
          if (sayNow) toast(success)
          const transactionId = transactionIdOf(result)
          if (transactionId) {
            accepted.current = { result, announced: sayNow }
            setStep({ kind: 'receipt', transactionId })
          } else {
            setStep({ kind: 'closed' })
            onReceiptClosed?.(result)
          }
          // The money has moved: what follows only refreshes the screen, and its failure is
          // no failure of the payment.
          await Promise.allSettled([onSuccess?.(result), refetchMoneyLists(queryClient)])
        }, refused)
        .finally(() => {
          sending.current = false
        })
    },
    [keys, queryClient, refused],
  )
  const submitPin = useCallback((pin: string) => send(submission, pin), [send, submission])

  /** Goes on from a reviewed submission: to the PIN, or, for money that stays the user's, sends. */
  const proceed = useCallback(
    (next: MoneySubmission | null) => {
      if (optionsRef.current.pin === false) send(next, null)
      else setStep(pinIsSet ? { kind: 'pin', error: null } : { kind: 'create-pin' })
    },
    [send, pinIsSet],
  )
  const confirm = useCallback(() => proceed(submission), [proceed, submission])

  const confirmReviewed = useCallback(
    (next: MoneySubmission) => {
      if (sending.current) return
      setSubmission(next)
      proceed(next)
    },
    [proceed],
  )

  return {
    step,
    submission,
    busy: step.kind !== 'closed' && step.kind !== 'receipt',
    review,
    confirm,
    confirmReviewed,
    pinKnown: !pinStatus.isPending,
    needsPin: options.pin !== false,
    submitPin,
    receiptStatus,
    close,
  }
}
