import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiRequest } from '#client/lib/api.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { type Card, cardSchema, type updateCardRequestSchema } from '#shared/schemas/card.ts'
import { useCardMessages } from './messages.ts'

/** The signed-in user's card. It never holds the full number: that lives in component state. */
export const CARD_QUERY_KEY = ['/api/card'] as const

export type CardUpdate = z.input<typeof updateCardRequestSchema>

async function fetchCard(): Promise<Card> {
  return cardSchema.parse(await apiRequest('GET', '/api/card'))
}

/** The user's card (issued by the server at the first call). */
export function useCard({ enabled }: { enabled: boolean }) {
  return useQuery({ queryKey: CARD_QUERY_KEY, queryFn: fetchCard, enabled })
}

/** Puts a card the server returned in the cache, so every part of the page shows it at once. */
export function storeCard(queryClient: QueryClient, card: Card) {
  queryClient.setQueryData(CARD_QUERY_KEY, card)
}

function applyUpdate(card: Card, update: CardUpdate): Card {
  return {
    ...card,
    ...(update.locked !== undefined ? { status: update.locked ? 'locked' : 'active' } : {}),
    ...(update.contactless !== undefined ? { contactless: update.contactless } : {}),
    ...(update.online !== undefined ? { online: update.online } : {}),
    ...(update.theme !== undefined ? { theme: update.theme } : {}),
  }
}

/**
 * Lock or unlock, the two payment toggles and the theme. The change shows at once and is put
 * back if the server refuses it, so a switch never claims a state that was not saved.
 */
export function useUpdateCard() {
  const t = useCardMessages()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  return useMutation({
    mutationFn: async (update: CardUpdate) =>
      cardSchema.parse(await apiRequest('PATCH', '/api/card', update)),
    onMutate: (update) => {
      // Not awaited: the control must change at once; a read on its way is cancelled instead.
      void queryClient.cancelQueries({ queryKey: CARD_QUERY_KEY })
      const previous = queryClient.getQueryData<Card>(CARD_QUERY_KEY)
      if (previous) storeCard(queryClient, applyUpdate(previous, update))
      return { previous }
    },
    onError: (error, _update, context) => {
      if (context?.previous) storeCard(queryClient, context.previous)
      showErrorToast(error, { title: t('updateFailedTitle'), message: t('updateFailedText') })
    },
    onSuccess: (card) => storeCard(queryClient, card),
  })
}
