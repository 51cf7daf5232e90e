import { useMutation } from '@tanstack/react-query'
import { BookUser, Car, IdCard, Vote } from 'lucide-react'
import { useMemo, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { OptionCards } from '#client/components/ui/option-cards.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { apiRequest } from '#client/lib/api.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import {
  COUNTRY_CODE_PATTERN,
  DOCUMENT_NUMBER_PATTERN,
  IDENTITY_DOCUMENT_TYPE_VALUES,
  type Limits,
  type TierThreeRequest,
  tierThreeResponseSchema,
} from '#shared/schemas/limits.ts'
import { useLimitsMessages } from './messages.ts'

type LimitsMessages = ReturnType<typeof useLimitsMessages>

const DOCUMENT_ICONS = {
  passport: BookUser,
  drivers_licence: Car,
  voters_card: Vote,
  nin_slip: IdCard,
} as const

/** The tier-3 rules of `tierThreeRequestSchema`, its patterns included, in the user's words. */
function tierThreeFormSchema(t: LimitsMessages) {
  const required = (field: string, max: number) =>
    z.string().trim().min(1, t('required', { field })).max(max)
  return z.object({
    documentType: z.enum(IDENTITY_DOCUMENT_TYPE_VALUES),
    documentNumber: z.string().trim().regex(DOCUMENT_NUMBER_PATTERN, t('documentNumberInvalid')),
    line: required(t('addressLine'), 200),
    city: required(t('city'), 100),
    state: required(t('state'), 100),
    country: z.string().trim().regex(COUNTRY_CODE_PATTERN, t('countryInvalid')),
  })
}

type FormValues = z.infer<ReturnType<typeof tierThreeFormSchema>>

async function postTierThree(body: TierThreeRequest) {
  return tierThreeResponseSchema.parse(await apiRequest('POST', '/api/kyc/tier-3', body))
}

/**
 * Tier 3 (docs/limits.md "Tier 3"): a tier-2 user's identity document and address. A document
 * the registry does not know keeps the dialog open with the reason, to correct and try again;
 * one the registry cannot check goes to compliance, and the limits page says it is in review.
 */
export function TierThreeDialog({
  open,
  onOpenChange,
  onUpgraded,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onUpgraded: (limits: Limits) => void
}) {
  const t = useLimitsMessages()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle className="pr-10">{t('tier3Title')}</DialogTitle>
        <DialogDescription>{t('tier3Description')}</DialogDescription>
        {open ? (
          <TierThreeForm
            onDone={(limits) => {
              onUpgraded(limits)
              onOpenChange(false)
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function TierThreeForm({ onDone }: { onDone: (limits: Limits) => void }) {
  const t = useLimitsMessages()
  const showErrorToast = useShowErrorToast()
  const [failureReason, setFailureReason] = useState<string | null>(null)
  const schema = useMemo(() => tierThreeFormSchema(t), [t])
  const form = useForm<FormValues>({
    resolver: schemaResolver(schema),
    defaultValues: {
      documentType: 'passport',
      documentNumber: '',
      line: '',
      city: '',
      state: '',
      country: 'NG',
    },
  })
  const { errors } = form.formState

  const mutation = useMutation({
    mutationFn: postTierThree,
    onSuccess: ({ status, limits, failureReason: reason }) => {
      setFailureReason(reason)
      if (status === 'failed') return
      // Checked at once, or sent to compliance when the registry cannot check the document.
      toast(
        status === 'in_review'
          ? { title: t('tier3InReviewTitle'), description: t('tier3InReviewText') }
          : { title: t('tier3DoneTitle'), description: t('tier3DoneText') },
      )
      onDone(limits)
    },
    onError: (error) =>
      showErrorToast(error, { title: t('tier3Failed'), message: t('tier3Failed') }),
  })
  const pending = mutation.isPending

  return (
    <form
      noValidate
      className="mt-5 grid grid-cols-1 gap-4"
      onSubmit={form.handleSubmit((values) => {
        if (pending) return
        setFailureReason(null)
        mutation.mutate({
          documentType: values.documentType,
          documentNumber: values.documentNumber,
          address: {
            line: values.line,
            city: values.city,
            state: values.state,
            country: values.country.toUpperCase(),
          },
        })
      })}
    >
      <FormAlert message={failureReason} />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('documentType')}</legend>
        <Controller
          control={form.control}
          name="documentType"
          render={({ field }) => (
            <OptionCards
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              columnsClassName="grid-cols-1 sm:grid-cols-2"
              options={IDENTITY_DOCUMENT_TYPE_VALUES.map((type) => ({
                value: type,
                label: t(type),
                hint: t(`${type}Hint`),
                icon: DOCUMENT_ICONS[type],
              }))}
            />
          )}
        />
      </fieldset>
      <TextField
        id="tier3-document-number"
        label={t('documentNumber')}
        autoComplete="off"
        maxLength={20}
        hint={t('documentNumberHint')}
        error={errors.documentNumber?.message}
        {...form.register('documentNumber')}
      />
      <TextField
        id="tier3-address-line"
        label={t('addressLine')}
        autoComplete="street-address"
        maxLength={200}
        error={errors.line?.message}
        {...form.register('line')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="tier3-city"
          label={t('city')}
          autoComplete="address-level2"
          maxLength={100}
          error={errors.city?.message}
          {...form.register('city')}
        />
        <TextField
          id="tier3-state"
          label={t('state')}
          autoComplete="address-level1"
          maxLength={100}
          error={errors.state?.message}
          {...form.register('state')}
        />
      </div>
      <TextField
        id="tier3-country"
        label={t('country')}
        autoComplete="country"
        maxLength={2}
        hint={t('countryHint')}
        error={errors.country?.message}
        {...form.register('country')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? t('submitting') : t('submit')}
      </Button>
    </form>
  )
}
