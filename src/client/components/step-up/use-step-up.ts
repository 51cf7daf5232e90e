import { useCallback, useState } from 'react'
import { useAuth } from '#client/lib/use-auth.ts'
import type { StepUpProof } from '#shared/schemas/step-up.ts'
import { useStepUpMessages } from './messages.ts'
import { type StepUpErrors, stepUpRefusalOf } from './step-up-refusal.ts'

/** A TOTP is 6 digits and a backup code longer: anything shorter is not worth sending. */
const CODE_MIN_LENGTH = 6

/**
 * When the code field shows: `auto` when the user has two-factor on (or the server says it is),
 * `always` where the change is to two-factor itself, `never` where the form has a code field of
 * its own (turning two-factor on).
 */
export type StepUpCodeMode = 'auto' | 'always' | 'never'

export type StepUp = {
  password: string
  code: string
  setPassword: (value: string) => void
  setCode: (value: string) => void
  asksCode: boolean
  errors: StepUpErrors
  /** The fields to send with the change, or null once the empty ones are marked. */
  proof: () => StepUpProof | null
  /** Shows a refusal about these fields beside them; false for any other failure. */
  take: (error: unknown) => boolean
}

/** What the user typed into a code field, without the spaces a pasted code may carry. */
export function typedCode(text: string): string {
  return text.replace(/\s/g, '')
}

/**
 * The state of the step-up fields of a credential change (docs/security.md "Step-up"): the
 * account password, and the code from the authenticator app (or a backup code) when two-factor
 * is on. The server's 403 REAUTH_REQUIRED lands beside the field it names, and brings up the
 * code field if the server asks for one the screen did not know of.
 */
export function useStepUp(mode: StepUpCodeMode = 'auto'): StepUp {
  const t = useStepUpMessages()
  const { user } = useAuth()
  const [password, setPasswordText] = useState('')
  const [code, setCodeText] = useState('')
  const [errors, setErrors] = useState<StepUpErrors>({})
  const [serverAsksCode, setServerAsksCode] = useState(false)
  const asksCode =
    mode === 'always' || (mode === 'auto' && (serverAsksCode || (user?.twoFactorEnabled ?? false)))

  const setPassword = useCallback((value: string) => {
    setPasswordText(value)
    setErrors((current) => ({ ...current, password: undefined }))
  }, [])
  const setCode = useCallback((value: string) => {
    setCodeText(value)
    setErrors((current) => ({ ...current, code: undefined }))
  }, [])

  const proof = useCallback((): StepUpProof | null => {
    const missing: StepUpErrors = {}
    if (password === '') missing.password = t('passwordRequired')
    const value = typedCode(code)
    if (asksCode && value.length < CODE_MIN_LENGTH) missing.code = t('codeRequired')
    setErrors(missing)
    if (missing.password || missing.code) return null
    return asksCode ? { password, code: value } : { password }
  }, [asksCode, code, password, t])

  const take = useCallback(
    (error: unknown): boolean => {
      const refusal = stepUpRefusalOf(error)
      if (!refusal) return false
      const showsCode = mode === 'always' || (mode === 'auto' && (asksCode || refusal.secondFactor))
      const shown: StepUpErrors = {
        ...(refusal.errors.password ? { password: refusal.errors.password } : {}),
        ...(showsCode && refusal.errors.code ? { code: refusal.errors.code } : {}),
      }
      if (!shown.password && !shown.code) return false
      if (mode === 'auto' && refusal.secondFactor) setServerAsksCode(true)
      // A code is spent or wrong once refused: the field is emptied for the next one.
      if (shown.code) setCodeText('')
      setErrors(shown)
      return true
    },
    [asksCode, mode],
  )

  return { password, code, setPassword, setCode, asksCode, errors, proof, take }
}
