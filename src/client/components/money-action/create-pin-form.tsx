import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { pinStatusSchema, setPinRequestSchema } from '#shared/schemas/pin.ts'
import { useMoneyActionMessages } from './messages.ts'
import { PIN_STATUS_QUERY_KEY } from './use-pin-status.ts'

type Messages = ReturnType<typeof useMoneyActionMessages>

// The server's own rules (#shared/schemas/pin.ts), with the second entry that must match.
function formSchema(t: Messages) {
  return setPinRequestSchema
    .extend({ confirmPin: z.string() })
    .refine((values) => values.confirmPin === values.pin, {
      path: ['confirmPin'],
      message: t('pinsDiffer'),
    })
}
type FormValues = z.infer<ReturnType<typeof formSchema>>

/**
 * Creating or changing the transaction PIN: the PIN twice and the account password, which the
 * server always asks for. `onSaved` gets the new PIN, so a payment waiting for it can go on.
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
  const [saving, setSaving] = useState(false)
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema(t)),
    defaultValues: { pin: '', confirmPin: '', password: '' },
  })
  const { errors } = form.formState

  async function save(values: FormValues) {
    if (saving) return
    setSaving(true)
    try {
      const status = pinStatusSchema.parse(
        await apiRequest('POST', '/api/pin', { pin: values.pin, password: values.password }),
      )
      queryClient.setQueryData(PIN_STATUS_QUERY_KEY, status)
      onSaved(values.pin)
    } catch (error) {
      const message =
        error instanceof ApiError && error.serverMessage ? error.serverMessage : String(error)
      const field = /password/i.test(message) ? 'password' : 'pin'
      form.setError(field, { message })
    } finally {
      setSaving(false)
    }
  }

  const pinInput = {
    type: 'password',
    inputMode: 'numeric',
    autoComplete: 'off',
    pattern: '[0-9]*',
    maxLength: 4,
  } as const

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(save)}>
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
      <TextField
        id={`${idPrefix}-password`}
        label={t('accountPassword')}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        disabled={saving}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={saving}>
        {saving ? t('creating') : submitLabel}
      </Button>
    </form>
  )
}
