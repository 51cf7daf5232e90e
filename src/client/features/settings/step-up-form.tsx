import { useMutation } from '@tanstack/react-query'
import type { FormEvent } from 'react'
import { FormAlert } from '#client/components/form-alert.tsx'
import { StepUpFields } from '#client/components/step-up/step-up-fields.tsx'
import { type StepUpCodeMode, useStepUp } from '#client/components/step-up/use-step-up.ts'
import { Button } from '#client/components/ui/button.tsx'
import { apiRequest } from '#client/lib/api.ts'
import type { StepUpProof } from '#shared/schemas/step-up.ts'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { useDialogError } from './use-dialog-error.ts'

/**
 * The form of a Settings change that asks the password (and the code) before it is posted
 * (docs/security.md "Step-up"): turning two-factor off, new backup codes, deactivating. A
 * refusal naming the password or the code goes beside that field; any other, above the form.
 */
export function StepUpForm({
  path,
  idPrefix,
  codeMode = 'auto',
  failure: failureText,
  submitLabel,
  pendingLabel,
  destructive = false,
  onDone,
  onCancel,
}: {
  /** The POST the proof is sent to. */
  path: string
  idPrefix: string
  codeMode?: StepUpCodeMode
  failure: { title: string; message: string }
  submitLabel: string
  pendingLabel: string
  destructive?: boolean
  /** With the answer's body. */
  onDone: (body: unknown) => void
  onCancel: () => void
}) {
  const t = useSettingsMessages()
  const stepUp = useStepUp(codeMode)
  const failure = useDialogError(failureText)
  const change = useMutation({
    mutationFn: (proof: StepUpProof) => apiRequest('POST', path, proof),
    onSuccess: onDone,
    onError: (error) => {
      if (!stepUp.take(error)) failure.report(error)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    failure.clear()
    const proof = stepUp.proof()
    if (proof) change.mutate(proof)
  }

  return (
    <form noValidate onSubmit={submit} className="mt-5 grid gap-4">
      <FormAlert message={failure.message} />
      <StepUpFields stepUp={stepUp} idPrefix={idPrefix} disabled={change.isPending} />
      <div className="grid gap-2 sm:flex sm:flex-row-reverse">
        <Button
          type="submit"
          variant={destructive ? 'destructive' : 'default'}
          disabled={change.isPending}
        >
          {change.isPending ? pendingLabel : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  )
}
