import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { Fingerprint, Landmark } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { OptionCards } from '#client/components/ui/option-cards.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { FormAlert } from '#client/features/auth/form-alert.tsx'
import { serverFieldErrors } from '#client/features/auth/server-errors.ts'
import { apiRequest } from '#client/lib/api.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { verificationRequestSchema } from '#shared/schemas/account.ts'
import { userSchema } from '#shared/schemas/auth.ts'
import { useProfileMessages } from './messages.ts'
import { useSaveUser } from './use-save-user.ts'

type VerificationRequest = z.output<typeof verificationRequestSchema>
type FormInput = z.input<typeof verificationRequestSchema>

const verificationResultSchema = z.object({
  user: userSchema,
  failureReason: z.string().nullable(),
})

async function postVerification(body: VerificationRequest) {
  return verificationResultSchema.parse(await apiRequest('POST', '/api/profile/verification', body))
}

/**
 * Complete Verification (issue "Account"): the user picks BVN or NIN and types its 11 digits;
 * the registry's answer becomes the user's verification status. A number the registry does
 * not know keeps the dialog open with the reason, so the user can correct it and try again.
 */
export function VerificationDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useProfileMessages()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle className="pr-10">{t('verifyTitle')}</DialogTitle>
        <DialogDescription>{t('verifyDescription')}</DialogDescription>
        {open ? <VerificationForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function VerificationForm({ onDone }: { onDone: () => void }) {
  const t = useProfileMessages()
  const saveUser = useSaveUser()
  const showErrorToast = useShowErrorToast()
  const [failureReason, setFailureReason] = useState<string | null>(null)
  const form = useForm<FormInput, unknown, VerificationRequest>({
    resolver: zodResolver(verificationRequestSchema),
    defaultValues: { idType: 'bvn', idNumber: '' },
  })
  const { errors } = form.formState
  const idType = form.watch('idType')

  const mutation = useMutation({
    mutationFn: postVerification,
    onSuccess: async ({ user, failureReason: reason }) => {
      setFailureReason(reason)
      if (!reason) {
        toast({ title: t('verifiedTitle'), description: t('verifiedText') })
        onDone()
      }
      await saveUser(user)
    },
    onError: (error) => {
      const idNumberError = serverFieldErrors(error).find((item) => item.path === 'idNumber')
      if (idNumberError) {
        form.setError('idNumber', { message: idNumberError.message })
        return
      }
      showErrorToast(error, { title: t('verifyTitle'), message: t('verifyFailed') })
    },
  })
  const pending = mutation.isPending

  return (
    <form
      noValidate
      className="mt-5 grid grid-cols-1 gap-4"
      onSubmit={form.handleSubmit((values) => {
        if (pending) return
        setFailureReason(null)
        mutation.mutate(values)
      })}
    >
      <FormAlert message={failureReason} />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('idTypeLegend')}</legend>
        <Controller
          control={form.control}
          name="idType"
          render={({ field }) => (
            <OptionCards
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={[
                { value: 'bvn', label: t('bvn'), hint: t('bvnHint'), icon: Landmark },
                { value: 'nin', label: t('nin'), hint: t('ninHint'), icon: Fingerprint },
              ]}
            />
          )}
        />
      </fieldset>
      <TextField
        id="verification-id-number"
        label={t('idNumber', { type: idType === 'nin' ? t('nin') : t('bvn') })}
        inputMode="numeric"
        autoComplete="off"
        maxLength={11}
        className="[&_input]:font-mono [&_input]:tracking-widest"
        hint={t('idNumberHint')}
        error={errors.idNumber?.message}
        {...form.register('idNumber')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? t('verifying') : t('verify')}
      </Button>
    </form>
  )
}
