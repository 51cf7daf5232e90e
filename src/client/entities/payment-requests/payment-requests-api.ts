import { useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import {
  type CreatePaymentRequest,
  type PaymentRequest,
  paymentRequestSchema,
} from '#shared/schemas/payment-requests.ts'

/** The user's own requests; creating, cancelling or being paid invalidates it. */
export const PAYMENT_REQUESTS_QUERY_KEY = ['/api/payment-requests'] as const

const paymentRequestListSchema = paymentRequestSchema.array()

async function fetchPaymentRequests(): Promise<PaymentRequest[]> {
  return paymentRequestListSchema.parse(await apiRequest('GET', '/api/payment-requests'))
}

/** The signed-in user's payment requests, newest first (POS sales' QR requests included). */
export function usePaymentRequests({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: PAYMENT_REQUESTS_QUERY_KEY,
    queryFn: fetchPaymentRequests,
    enabled,
  })
}

/** Requests made on /receive-money; a POS sale's QR request belongs to the terminal. */
export function isPersonalRequest(request: PaymentRequest): boolean {
  return request.purpose === 'request'
}

export async function createPaymentRequest(body: CreatePaymentRequest): Promise<PaymentRequest> {
  return paymentRequestSchema.parse(await apiRequest('POST', '/api/payment-requests', body))
}

export async function cancelPaymentRequest(id: string): Promise<PaymentRequest> {
  return paymentRequestSchema.parse(
    await apiRequest('POST', `/api/payment-requests/${encodeURIComponent(id)}/cancel`),
  )
}

/** The server gives the link as a path; people share the whole address, this site's. */
export function fullPaymentUrl(link: string): string {
  return `${window.location.origin}${link}`
}
