import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { StepUpFields } from '#client/components/step-up/step-up-fields.tsx'
import { useStepUp } from '#client/components/step-up/use-step-up.ts'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { apiErrorBody } from '#client/lib/api-error-body.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { newPinSchema, pinStatusSchema } from '#shared/schemas/pin.ts'
import type { StepUpProof } from '#shared/schemas/step-up.ts'
import { useMoneyActionMessages } from './messages.ts'
import { PIN_STATUS_QUERY_KEY } from './use-pin-status.ts'

type Messages = ReturnType<typeof useMoneyActionMessages>

// The server's rules for the PIN (#shared/schemas/pin.ts), with the second entry that must match.
function formSchema(t: Messages) {
  return z
    .object({ pin: newPinSchema, confirmPin: z.string() })
    .refine((values) => values.confirmPin === values.pin, {
      path: ['confirmPin'],
      message: t('pinsDiffer'),
    })
}
type FormValues = z.infer<ReturnType<typeof formSchema>>

/** Why the server refused the PIN itself (a weak one), or anything else it said. */
function pinErrorOf(error: unknown): string {
  const pinProblem = apiErrorBody(error)?.errors?.find((item) => item.path === 'pin')
  if (pinProblem) return pinProblem.message
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : String(error)
}

/**
 * Creating or changing the transaction PIN: the PIN twice and the account password, with the
 * authenticator code when two-factor is on, which the server always asks for (docs/security.md
 * "Step-up"). `onSaved` gets the new PIN, so a payment waiting for it can go on.
 */
export function CreatePinForm({
  idPrefix,
  submitLabel,
  onSaved,
}: {
  idPrefix: string
  submitLabel: string
  onSaved: (pin: string) => void
}) {
  const t = useMoneyActionMessages()
  const queryClient = useQueryClient()
  const stepUp = useStepUp()
  const [saving, setSaving] = useState(false)
  const form = useForm<FormValues>({
    resolver: schemaResolver(formSchema(t)),
    defaultValues: { pin: '', confirmPin: '' },
  })
  const { errors } = form.formState

  async function save(values: FormValues, proof: StepUpProof) {
    if (saving) return
    setSaving(true)
    try {
      const status = pinStatusSchema.parse(
        await apiRequest('POST', '/api/pin', { pin: values.pin, ...proof }),
      )
      queryClient.setQueryData(PIN_STATUS_QUERY_KEY, status)
      onSaved(values.pin)
    } catch (error) {
      if (!stepUp.take(error)) form.setError('pin', { message: pinErrorOf(error) })
    } finally {
      setSaving(false)
    }
  }

  // Both halves are checked at once, so every empty or wrong field is marked in one go.
  function submit(event: FormEvent<HTMLFormElement>) {
    const proof = stepUp.proof()
    void form.handleSubmit((values) => (proof ? save(values, proof) : undefined))(event)
  }

  const pinInput = {
    type: 'password',
    inputMode: 'numeric',
    autoComplete: 'off',
    pattern: '[0-9]*',
    maxLength: 4,
  } as const

  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <TextField
        id={`${idPrefix}-new-pin`}
        label={t('newPin')}
        error={errors.pin?.message}
        disabled={saving}
        {...pinInput}
        {...form.register('pin')}
      />
      <TextField
        id={`${idPrefix}-confirm-pin`}
        label={t('confirmPin')}
        error={errors.confirmPin?.message}
        disabled={saving}
        {...pinInput}
        {...form.register('confirmPin')}
      />
      <StepUpFields stepUp={stepUp} idPrefix={idPrefix} disabled={saving} />
      <Button type="submit" size="lg" className="w-full" disabled={saving}>
        {saving ? t('creating') : submitLabel}
      </Button>
    </form>
  )
}
