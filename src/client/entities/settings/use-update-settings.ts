import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import {
  type Settings,
  settingsSchema,
  type UpdateSettingsRequest,
} from '#shared/schemas/account.ts'
import { useSettingsMessages } from './messages.ts'
import { SETTINGS_QUERY_KEY } from './use-settings.ts'

async function saveSettings(change: UpdateSettingsRequest): Promise<Settings> {
  return settingsSchema.parse(await apiRequest('PUT', '/api/settings', change))
}

const SAVE_SETTINGS_MUTATION_KEY = ['save-settings'] as const

type SaveOptions = {
  /** No "Saved" toast: for a change the user sees take effect anyway (the header's language). */
  quiet?: boolean
}

/**
 * Saves a change at once. The screen shows it before the server answers (a switch flips, the
 * theme changes); if the server refuses, the previous settings come back and the server's
 * message is shown.
 */
export function useUpdateSettings() {
  const t = useSettingsMessages()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  return useMutation({
    mutationKey: SAVE_SETTINGS_MUTATION_KEY,
    mutationFn: ({ change }: { change: UpdateSettingsRequest } & SaveOptions) =>
      saveSettings(change),
    onMutate: ({ change }) => {
      // Not awaited: the change must show at once; a read still on its way is cancelled so it
      // cannot put the old value back.
      void queryClient.cancelQueries({ queryKey: SETTINGS_QUERY_KEY })
      const previous = queryClient.getQueryData<Settings>(SETTINGS_QUERY_KEY)
      if (previous)
        queryClient.setQueryData<Settings>(SETTINGS_QUERY_KEY, { ...previous, ...change })
      return { previous }
    },
    onSuccess: (saved, { quiet }) => {
      // With another change still on its way, its optimistic value must not be overwritten
      // by this answer, which does not include it yet; the last answer sets the settings.
      if (queryClient.isMutating({ mutationKey: SAVE_SETTINGS_MUTATION_KEY }) <= 1) {
        queryClient.setQueryData(SETTINGS_QUERY_KEY, saved)
      }
      if (!quiet) toast({ title: t('savedTitle'), description: t('savedDescription') })
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(SETTINGS_QUERY_KEY, context.previous)
      // The snapshot may predate another change that did save: the server has the truth.
      void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY })
      showErrorToast(error, { title: t('saveFailedTitle'), message: t('saveFailed') })
    },
  })
}
