import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useStepUpMessages } from '#client/components/step-up/messages.ts'
import { StepUpFields } from '#client/components/step-up/step-up-fields.tsx'
import { useStepUp } from '#client/components/step-up/use-step-up.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { serverFieldErrors } from '#client/lib/server-errors.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { formatPhoneNational, toE164 } from '#shared/phone-numbers.ts'
import { type User, userSchema } from '#shared/schemas/auth.ts'
import { type UpdateProfileRequest, updateProfileRequestSchema } from '#shared/schemas/profile.ts'
import { useProfileMessages } from './messages.ts'
import { useSaveUser } from './use-save-user.ts'

type FormInput = z.input<typeof updateProfileRequestSchema>
type FieldName = 'firstName' | 'lastName' | 'username' | 'phoneNumber'
const FIELD_NAMES: readonly FieldName[] = ['firstName', 'lastName', 'username', 'phoneNumber']

function isFieldName(path: string): path is FieldName {
  return (FIELD_NAMES as readonly string[]).includes(path)
}

async function patchProfile(body: UpdateProfileRequest): Promise<User> {
  return userSchema.parse(await apiRequest('PATCH', '/api/profile', body))
}

/** Only what changed is sent: saving the same phone number again would un-verify it. */
function changedFields(values: UpdateProfileRequest, user: User): UpdateProfileRequest {
  const changes: UpdateProfileRequest = {}
  if (values.firstName !== undefined && values.firstName !== (user.firstName ?? '')) {
    changes.firstName = values.firstName
  }
  if (values.lastName !== undefined && values.lastName !== (user.lastName ?? '')) {
    changes.lastName = values.lastName
  }
  if (values.username !== undefined && values.username !== user.username) {
    changes.username = values.username
  }
  // The form parsed the number to E.164; the same number typed another way is no change.
  const phone = values.phoneNumber ?? null
  if (phone !== user.phoneNumber) changes.phoneNumber = phone ?? ''
  return changes
}

/**
 * Whether the phone field, as typed, is another number than the saved one: adding, changing or
 * removing a number is a credential change (docs/security.md "Step-up"). Text that is no number
 * yet counts as a change, so the password field is there before the user presses Save.
 */
function changesPhone(typed: string | null | undefined, user: User): boolean {
  const text = (typed ?? '').trim()
  const next = text === '' ? null : (toE164(text) ?? text)
  return next !== user.phoneNumber
}

/**
 * Edit Profile (issue "Account"): first and last name, a unique username and a phone number,
 * checked with the same schema the server uses. A taken username or any other field the server
 * refuses lands beside its field in the server's words.
 */
export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useProfileMessages()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle className="pr-10">{t('editTitle')}</DialogTitle>
        <DialogDescription>{t('editDescription')}</DialogDescription>
        {/* Mounted only while open, so every opening starts from the saved values. */}
        {open ? <EditProfileForm user={user} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function EditProfileForm({ user, onDone }: { user: User; onDone: () => void }) {
  const t = useProfileMessages()
  const saveUser = useSaveUser()
  const showErrorToast = useShowErrorToast()
  const form = useForm<FormInput, unknown, UpdateProfileRequest>({
    resolver: schemaResolver(updateProfileRequestSchema),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      username: user.username,
      phoneNumber: user.phoneNumber ? formatPhoneNational(user.phoneNumber) : '',
    },
  })
  const { errors } = form.formState
  const stepUp = useStepUp()
  const stepUpText = useStepUpMessages()
  const phoneChanged = changesPhone(form.watch('phoneNumber'), user)

  const mutation = useMutation({
    mutationFn: patchProfile,
    onSuccess: async (saved) => {
      toast({ title: t('savedTitle'), description: t('savedText') })
      onDone()
      await saveUser(saved)
    },
    onError: (error) => {
      if (stepUp.take(error)) return
      const fieldErrors = serverFieldErrors(error).filter((item) => isFieldName(item.path))
      for (const { path, message } of fieldErrors) {
        if (isFieldName(path)) form.setError(path, { message })
      }
      if (fieldErrors.length > 0) return
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
        form.setError('username', { message: error.serverMessage })
        return
      }
      showErrorToast(error, { title: t('editTitle'), message: t('saveFailed') })
    },
  })
  const pending = mutation.isPending

  return (
    <form
      noValidate
      className="mt-5 grid grid-cols-1 gap-4"
      onSubmit={form.handleSubmit((values) => {
        if (pending) return
        const changes = changedFields(values, user)
        if (Object.keys(changes).length === 0) {
          onDone()
          return
        }
        if (changes.phoneNumber === undefined) {
          mutation.mutate(changes)
          return
        }
        const proof = stepUp.proof()
        if (proof) mutation.mutate({ ...changes, ...proof })
      })}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="profile-first-name"
          label={t('firstName')}
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          id="profile-last-name"
          label={t('lastName')}
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        id="profile-username"
        label={t('username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        hint={t('usernameHint')}
        error={errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        id="profile-phone"
        label={t('phoneNumber')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t('phonePlaceholder')}
        hint={t('phoneHint')}
        error={errors.phoneNumber?.message}
        {...form.register('phoneNumber')}
      />
      {phoneChanged ? (
        <div className="grid gap-4 rounded-xl border bg-muted/40 p-3" data-testid="phone-step-up">
          <p className="text-sm text-muted-foreground">{stepUpText('phoneReason')}</p>
          <StepUpFields stepUp={stepUp} idPrefix="profile" disabled={pending} />
        </div>
      ) : null}
      <div className="mt-1 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={pending} onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  )
}
