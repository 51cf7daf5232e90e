import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useLanguage } from '#client/i18n/language.ts'
import { apiRequest } from '#client/lib/api.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { serverFieldErrors } from '#client/lib/server-errors.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { cardSchema, physicalCardRequestSchema } from '#shared/schemas/card.ts'
import { formatDeliveryDay, latestRequest } from './card-requests.ts'
import { useCardMessages } from './messages.ts'
import { storeCard } from './use-card.ts'

type Address = z.output<typeof physicalCardRequestSchema>
type FormInput = z.input<typeof physicalCardRequestSchema>
const FIELDS = ['addressLine', 'city', 'country'] as const

function isField(path: string): path is (typeof FIELDS)[number] {
  return (FIELDS as readonly string[]).includes(path)
}

async function postOrder(address: Address) {
  return cardSchema.parse(await apiRequest('POST', '/api/card/physical', address))
}

/** The physical card order: a delivery address, checked with the server's own schema. */
export function PhysicalCardDialog({
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
        <DialogTitle className="pr-10">{t('physicalDialogTitle')}</DialogTitle>
        <DialogDescription>{t('physicalDialogText')}</DialogDescription>
        {open ? <PhysicalCardForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function PhysicalCardForm({ onDone }: { onDone: () => void }) {
  const t = useCardMessages()
  const language = useLanguage()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const form = useForm<FormInput, unknown, Address>({
    resolver: schemaResolver(physicalCardRequestSchema),
    defaultValues: { addressLine: '', city: '', country: '' },
  })
  const { errors } = form.formState

  const mutation = useMutation({
    mutationFn: postOrder,
    onSuccess: (card) => {
      storeCard(queryClient, card)
      const request = latestRequest(card, 'physical')
      toast({
        title: t('physicalDoneTitle'),
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
      const fieldErrors = serverFieldErrors(error).filter((item) => isField(item.path))
      for (const { path, message } of fieldErrors) {
        if (isField(path)) form.setError(path, { message })
      }
      if (fieldErrors.length === 0) {
        showErrorToast(error, { title: t('physicalTitle'), message: t('physicalFailed') })
      }
    },
  })
  const pending = mutation.isPending

  return (
    <form
      noValidate
      className="mt-5 grid grid-cols-1 gap-4"
      onSubmit={form.handleSubmit((address) => {
        if (!pending) mutation.mutate(address)
      })}
    >
      <TextField
        id="physical-address"
        label={t('addressLine')}
        autoComplete="street-address"
        placeholder={t('addressPlaceholder')}
        error={errors.addressLine?.message}
        {...form.register('addressLine')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="physical-city"
          label={t('city')}
          autoComplete="address-level2"
          error={errors.city?.message}
          {...form.register('city')}
        />
        <TextField
          id="physical-country"
          label={t('country')}
          autoComplete="country-name"
          error={errors.country?.message}
          {...form.register('country')}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? t('physicalSubmitting') : t('physicalSubmit')}
      </Button>
    </form>
  )
}
