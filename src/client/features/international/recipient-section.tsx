import type { UseFormReturn } from 'react-hook-form'
import { Card } from '#client/components/ui/card.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { DESCRIPTION_MAX_LENGTH } from '#shared/schemas/money-requests.ts'
import type { Recipient } from '#shared/schemas/recipients.ts'
import type { FormProblems, InternationalFormValues } from './international-form-schema.ts'
import { useInternationalMessages } from './messages.ts'
import { RecipientFields, SavedRecipientChoices } from './recipient-fields.tsx'
import { valuesOfRecipient } from './recipient-values.ts'

/** Who receives it: a saved recipient in one tap, the details the method needs, a description. */
export function RecipientSection({
  form,
  savedChoices,
  problems,
  pending,
}: {
  form: UseFormReturn<InternationalFormValues>
  /** The saved recipients that fit the chosen country and method. */
  savedChoices: readonly Recipient[]
  problems: FormProblems
  pending: boolean
}) {
  const t = useInternationalMessages()
  const method = form.watch('method')
  const recipient = form.watch('recipient')
  return (
    <Card>
      <section aria-labelledby="recipient-heading" className="grid gap-4 p-5">
        <h2 id="recipient-heading" className="text-base font-semibold">
          {t('recipientHeading')}
        </h2>
        <SavedRecipientChoices
          recipients={savedChoices}
          onUse={(choice) => form.setValue('recipient', valuesOfRecipient(choice))}
          disabled={pending}
        />
        <RecipientFields
          method={method}
          values={recipient}
          errorOf={(field) => problems(`recipient.${field}`)}
          onChange={(field, value) => form.setValue(`recipient.${field}`, value)}
          disabled={pending}
        />
        <TextField
          id="international-description"
          label={t('description')}
          autoComplete="off"
          maxLength={DESCRIPTION_MAX_LENGTH}
          placeholder={t('descriptionPlaceholder')}
          error={problems('description')}
          disabled={pending}
          {...form.register('description')}
        />
      </section>
    </Card>
  )
}
