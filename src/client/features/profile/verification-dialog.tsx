import { useMutation } from '@tanstack/react-query'
import { Fingerprint, Landmark } from 'lucide-react'
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
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { schemaResolver } from '#client/lib/schema-resolver.ts'
import { serverFieldErrors } from '#client/lib/server-errors.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import {
  identityNumberProblem,
  type NationalIdCountry,
  nationalIdCountryOf,
  VERIFICATION_ID_TYPES,
} from '#shared/identity-numbers.ts'
import {
  EARLIEST_DATE_OF_BIRTH,
  LEGAL_NAME_PATTERN,
  latestBirthDateForAge,
  VERIFICATION_MIN_AGE_YEARS,
  type VerificationRequest,
} from '#shared/schemas/account.ts'
import { NAME_MAX_LENGTH, type User, userSchema } from '#shared/schemas/auth.ts'
import { useProfileMessages } from './messages.ts'
import { useSaveUser } from './use-save-user.ts'

type ProfileMessages = ReturnType<typeof useProfileMessages>
type FieldName = 'idNumber' | 'firstName' | 'lastName' | 'dateOfBirth'
const FIELD_NAMES: readonly FieldName[] = ['idNumber', 'firstName', 'lastName', 'dateOfBirth']

function isFieldName(path: string): path is FieldName {
  return (FIELD_NAMES as readonly string[]).includes(path)
}

/**
 * Which number the user verifies with (docs/account.md "Identity verification"): living in
 * South Africa or Kenya, that country's national ID; anywhere else, a Nigerian BVN or NIN.
 */
function nationalIdOf(user: User | null | undefined): NationalIdCountry | null {
  return user ? nationalIdCountryOf(user) : null
}

/** How many digits the number field takes. */
const ID_NUMBER_MAX_LENGTH = { ZA: 13, KE: 9, none: 11 } as const

/** The rules of `verificationRequestSchema`, its patterns and dates included, in the user's words. */
function verificationFormSchema(
  t: ProfileMessages,
  latestDateOfBirth: string,
  nationalId: NationalIdCountry | null,
) {
  const legalName = (field: string) =>
    z
      .string()
      .trim()
      .min(1, t('nameRequired', { field }))
      .max(NAME_MAX_LENGTH, t('nameTooLong', { field, max: NAME_MAX_LENGTH }))
      .regex(LEGAL_NAME_PATTERN, t('nameInvalid'))
  const numberInvalid =
    nationalId === 'ZA'
      ? t('idNumberInvalidZA')
      : nationalId === 'KE'
        ? t('idNumberInvalidKE')
        : t('idNumberInvalid')
  return z.object({
    idType: z.enum(VERIFICATION_ID_TYPES),
    // The number's shape for the user's country: 11 digits for a BVN or NIN, 13 with their
    // check digit for a South African ID, up to 9 for a Kenyan one.
    idNumber: z
      .string()
      .trim()
      .refine(
        (idNumber) =>
          identityNumberProblem(
            nationalId ? 'national_id' : 'bvn',
            nationalId ?? 'NG',
            idNumber,
          ) === null,
        numberInvalid,
      ),
    firstName: legalName(t('legalFirstName')),
    lastName: legalName(t('legalLastName')),
    dateOfBirth: z.iso
      .date(t('dateOfBirthRequired'))
      .refine((date) => date >= EARLIEST_DATE_OF_BIRTH, t('dateOfBirthInvalid'))
      .refine(
        (date) => date <= latestDateOfBirth,
        t('dateOfBirthTooYoung', { years: VERIFICATION_MIN_AGE_YEARS }),
      ),
  })
}

type FormInput = z.input<ReturnType<typeof verificationFormSchema>>

const verificationResultSchema = z.object({
  user: userSchema,
  failureReason: z.string().nullable(),
})

async function postVerification(body: VerificationRequest) {
  return verificationResultSchema.parse(await apiRequest('POST', '/api/profile/verification', body))
}

/**
 * Complete Verification (issue "Account"): the user picks BVN or NIN and types its 11 digits,
 * or, living in South Africa or Kenya, types their national ID number; and gives the legal name
 * (the profile's by default) and date of birth the registry must find on it (docs/account.md
 * "Identity verification"). A number the registry does not know, a name or a date of birth
 * that is not the registry's, a number already linked to another account, or a registry that
 * is not answering keeps the dialog open with the reason, so the user can correct it and try
 * again.
 */
export function VerificationDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useProfileMessages()
  const nationalId = nationalIdOf(useAuth().user)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle className="pr-10">{t('verifyTitle')}</DialogTitle>
        <DialogDescription>
          {nationalId === 'ZA'
            ? t('verifyDescriptionZA')
            : nationalId === 'KE'
              ? t('verifyDescriptionKE')
              : t('verifyDescription')}
        </DialogDescription>
        {open ? <VerificationForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function VerificationForm({ onDone }: { onDone: () => void }) {
  const t = useProfileMessages()
  const { user } = useAuth()
  const saveUser = useSaveUser()
  const showErrorToast = useShowErrorToast()
  const [failureReason, setFailureReason] = useState<string | null>(null)
  // Today's date when the dialog opened: the date picker offers no later birthday.
  const latestDateOfBirth = useMemo(
    () => latestBirthDateForAge(VERIFICATION_MIN_AGE_YEARS, new Date()),
    [],
  )
  const nationalId = nationalIdOf(user)
  const schema = useMemo(
    () => verificationFormSchema(t, latestDateOfBirth, nationalId),
    [t, latestDateOfBirth, nationalId],
  )
  const form = useForm<FormInput, unknown, VerificationRequest>({
    resolver: schemaResolver(schema),
    defaultValues: {
      idType: nationalId ? 'national_id' : 'bvn',
      idNumber: '',
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      dateOfBirth: '',
    },
  })
  const { errors } = form.formState
  const idType = form.watch('idType')

  const mutation = useMutation({
    mutationFn: postVerification,
    onSuccess: async ({ user: saved, failureReason: reason }) => {
      setFailureReason(reason)
      if (!reason) {
        toast({ title: t('verifiedTitle'), description: t('verifiedText') })
        onDone()
      }
      await saveUser(saved)
    },
    onError: (error) => {
      const fieldErrors = serverFieldErrors(error).filter((item) => isFieldName(item.path))
      for (const { path, message } of fieldErrors) {
        if (isFieldName(path)) form.setError(path, { message })
      }
      if (fieldErrors.length > 0) return
      // A number linked to another account, an identity already verified, or a registry that
      // is not answering (nothing was kept): the server's words, in the dialog beside what was
      // typed, to correct or send again.
      if (
        error instanceof ApiError &&
        (error.status === 409 || error.status === 503) &&
        error.serverMessage
      ) {
        setFailureReason(error.serverMessage)
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
      {nationalId ? null : (
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
      )}
      <TextField
        id="verification-id-number"
        label={
          nationalId === 'ZA'
            ? t('idNumberZA')
            : nationalId === 'KE'
              ? t('idNumberKE')
              : t('idNumber', { type: idType === 'nin' ? t('nin') : t('bvn') })
        }
        inputMode="numeric"
        autoComplete="off"
        maxLength={ID_NUMBER_MAX_LENGTH[nationalId ?? 'none']}
        className="[&_input]:font-mono [&_input]:tracking-widest"
        hint={t('idNumberHint')}
        error={errors.idNumber?.message}
        {...form.register('idNumber')}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="verification-first-name"
          label={t('legalFirstName')}
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          id="verification-last-name"
          label={t('legalLastName')}
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        id="verification-date-of-birth"
        label={t('dateOfBirth')}
        type="date"
        autoComplete="bday"
        min={EARLIEST_DATE_OF_BIRTH}
        max={latestDateOfBirth}
        hint={t('dateOfBirthHint')}
        error={errors.dateOfBirth?.message}
        {...form.register('dateOfBirth')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? t('verifying') : t('verify')}
      </Button>
    </form>
  )
}
