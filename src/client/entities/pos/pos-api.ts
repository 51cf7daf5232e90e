import { type QueryClient, useQuery } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import {
  type PosSale,
  type PosSaleRequest,
  posAnalyticsSchema,
  posSaleSchema,
} from '#shared/schemas/pos.ts'

/** Every POS read sits under this key, so one invalidation refreshes history and figures. */
export const POS_QUERY_KEY = ['/api/pos'] as const
const SALES_QUERY_KEY = [...POS_QUERY_KEY, 'sales'] as const

/** While a QR sale waits at the counter, the terminal asks how it stands this often. */
export const QR_SALE_REFRESH_MS = 2_000

/** The periods the Analytics tab offers, in days (the server allows up to 90). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]

const saleListSchema = posSaleSchema.array()

/** The POS sale body (docs/api.md "Money endpoints") plus how the customer pays. */
export type SaleBody = Omit<PosSaleRequest, 'type' | 'method'> & {
  type: 'pos_sale'
  method: 'card' | 'qr'
}

export async function postSale(body: SaleBody, idempotencyKey: string): Promise<PosSale> {
  return posSaleSchema.parse(await apiRequest('POST', '/api/pos/sale', body, { idempotencyKey }))
}

/** The merchant's sales, newest first. */
export function usePosSales({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: SALES_QUERY_KEY,
    queryFn: async () => saleListSchema.parse(await apiRequest('GET', '/api/pos/sales')),
    enabled,
  })
}

/** Whether a waiting QR sale's code can still be paid. */
export function isQrSaleExpired(sale: PosSale, nowMs: number): boolean {
  return (
    sale.status === 'pending' &&
    sale.paymentRequest !== null &&
    Date.parse(sale.paymentRequest.expiresAt) <= nowMs
  )
}

/**
 * One sale, watched while its QR code is on screen. The app otherwise never polls (docs/api.md
 * "Data fetching"), but the merchant is waiting for the customer's payment: so while the sale is
 * pending and `watching` holds, and only then, it is fetched again every two seconds.
 */
export function useWatchedSale(sale: PosSale | null, watching: boolean) {
  return useQuery({
    queryKey: [...SALES_QUERY_KEY, sale?.id ?? 'none'],
    queryFn: async () =>
      posSaleSchema.parse(
        await apiRequest('GET', `/api/pos/sales/${encodeURIComponent(sale?.id ?? '')}`),
      ),
    enabled: sale !== null,
    ...(sale ? { initialData: sale } : {}),
    // Data saver (src/client/lib/data-saver.ts) does not stop this: the shop must see at once
    // that the customer paid, and it polls only while a QR code waits on screen.
    refetchInterval: (query) =>
      watching &&
      query.state.data?.status === 'pending' &&
      !isQrSaleExpired(query.state.data, Date.now())
        ? QR_SALE_REFRESH_MS
        : false,
  })
}

/**
 * Completed sales' figures for the last `days` days in the browser's time zone (the server
 * counts "today" and the hours in the merchant's local time from the offset).
 */
export function usePosAnalytics({ days, enabled }: { days: number; enabled: boolean }) {
  const tzOffset = new Date().getTimezoneOffset()
  return useQuery({
    queryKey: [...POS_QUERY_KEY, 'analytics', days, tzOffset],
    queryFn: async () =>
      posAnalyticsSchema.parse(
        await apiRequest('GET', `/api/pos/analytics?days=${days}&tzOffset=${tzOffset}`),
      ),
    enabled,
  })
}

export function refetchPosLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: POS_QUERY_KEY })
}
