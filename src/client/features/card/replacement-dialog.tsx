import { useMutation, useQueryClient } from '@tanstack/react-query'
import { CalendarX, Hammer, type LucideIcon, SearchX, ShieldAlert } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { OptionCards } from '#client/components/ui/option-cards.tsx'
import { useLanguage } from '#client/i18n/language.ts'
import { apiRequest } from '#client/lib/api.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { cardSchema, REPLACEMENT_REASONS } from '#shared/schemas/card.ts'
import { formatDeliveryDay, latestRequest } from './card-requests.ts'
import { useCardMessages } from './messages.ts'
import { storeCard } from './use-card.ts'

export type ReplacementReason = (typeof REPLACEMENT_REASONS)[number]
type MessageKey = Parameters<ReturnType<typeof useCardMessages>>[0]

export const REASON_LABELS: Record<
  ReplacementReason,
  { label: MessageKey; hint: MessageKey; icon: LucideIcon }
> = {
  lost: { label: 'reasonLost', hint: 'reasonLostHint', icon: SearchX },
  stolen: { label: 'reasonStolen', hint: 'reasonStolenHint', icon: ShieldAlert },
  damaged: { label: 'reasonDamaged', hint: 'reasonDamagedHint', icon: Hammer },
  expired: { label: 'reasonExpired', hint: 'reasonExpiredHint', icon: CalendarX },
}

async function postReplacement(reason: ReplacementReason) {
  return cardSchema.parse(await apiRequest('POST', '/api/card/replacement', { reason }))
}

/** A replacement request with its reason; a lost or stolen card is locked by the server too. */
export function ReplacementDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useCardMessages()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle className="pr-10">{t('replacementTitle')}</DialogTitle>
        <DialogDescription>{t('replacementText')}</DialogDescription>
        {open ? <ReplacementForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function ReplacementForm({ onDone }: { onDone: () => void }) {
  const t = useCardMessages()
  const language = useLanguage()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const [reason, setReason] = useState<ReplacementReason | undefined>(undefined)
  const [showError, setShowError] = useState(false)
  const errorId = useId()

  const mutation = useMutation({
    mutationFn: postReplacement,
    onSuccess: (card) => {
      storeCard(queryClient, card)
      const request = latestRequest(card, 'replacement')
      toast({
        title: t('replacementDoneTitle'),
        ...(request
          ? {
              description: t('arrivesBetween', {
                from: formatDeliveryDay(request.estimatedFrom, language),
                to: formatDeliveryDay(request.estimatedTo, language),
              }),
            }
          : {}),
      })
      onDone()
    },
    onError: (error) => {
      showErrorToast(error, { title: t('replacementTitle'), message: t('replacementFailed') })
    },
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (mutation.isPending) return
    if (!reason) {
      setShowError(true)
      return
    }
    mutation.mutate(reason)
  }

  return (
    <form noValidate className="mt-5 grid grid-cols-1 gap-4" onSubmit={submit}>
      <fieldset
        className="grid gap-2"
        aria-describedby={showError && !reason ? errorId : undefined}
      >
        <legend className="mb-2 text-sm font-medium">{t('replacementReasonLegend')}</legend>
        <OptionCards
          name="replacement-reason"
          value={reason}
          onChange={(value) => {
            setReason(value)
            setShowError(false)
          }}
          options={REPLACEMENT_REASONS.map((value) => ({
            value,
            label: t(REASON_LABELS[value].label),
            hint: t(REASON_LABELS[value].hint),
            icon: REASON_LABELS[value].icon,
          }))}
        />
        {showError && !reason ? (
          <p id={errorId} className="text-xs font-medium text-destructive">
            {t('replacementReasonRequired')}
          </p>
        ) : null}
      </fieldset>
      <p className="rounded-lg bg-muted px-3 py-2 text-xs text-muted-foreground">
        {t('replacementNotice')}
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? t('replacementSubmitting') : t('replacementSubmit')}
      </Button>
    </form>
  )
}
