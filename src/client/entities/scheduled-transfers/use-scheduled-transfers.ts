import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import {
  scheduledTransferDetailsSchema,
  scheduledTransferListSchema,
} from '#shared/schemas/scheduled-transfers.ts'

/** Every read of the user's schedules sits under this key, so one invalidation reaches all. */
export const SCHEDULES_QUERY_KEY = ['/api/scheduled-transfers'] as const

/** The page a schedule is shown on, with its runs (docs/scheduled-transfers.md). */
export function scheduledTransferPath(id: string): string {
  return `/scheduled-transfers/${encodeURIComponent(id)}`
}

/** The user's schedules, running, paused or ended, newest first. */
export function useScheduledTransfers() {
  return useQuery({
    queryKey: [...SCHEDULES_QUERY_KEY, 'list'],
    queryFn: async () =>
      scheduledTransferListSchema.parse(await apiRequest('GET', '/api/scheduled-transfers')).items,
  })
}

/** One schedule with its latest runs. */
export function useScheduledTransfer(id: string) {
  return useQuery({
    queryKey: [...SCHEDULES_QUERY_KEY, 'details', id],
    queryFn: async () =>
      scheduledTransferDetailsSchema.parse(
        await apiRequest('GET', `/api/scheduled-transfers/${encodeURIComponent(id)}`),
      ),
  })
}

export type ScheduleChange = 'pause' | 'resume' | 'delete'

/** Pauses, resumes or deletes a schedule, then reads the list and the schedule again. */
export function useChangeScheduledTransfer(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (change: ScheduleChange) => {
      const path = `/api/scheduled-transfers/${encodeURIComponent(id)}`
      if (change === 'delete') await apiRequest('DELETE', path)
      else await apiRequest('POST', `${path}/${change}`, {})
    },
    onSettled: async (_data, _error, change) => {
      // A deleted schedule's details are not read again while its page closes (that is a 404).
      await queryClient.invalidateQueries({
        queryKey: change === 'delete' ? [...SCHEDULES_QUERY_KEY, 'list'] : SCHEDULES_QUERY_KEY,
      })
    },
  })
}
