import { useMutation } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { FormAlert } from '#client/components/form-alert.tsx'
import { LogoMark } from '#client/components/logo.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { PasswordField, TextField } from '#client/components/ui/text-field.tsx'
import { opsLoginRequestSchema } from '#shared/schemas/ops.ts'
import { Outcome } from '../components/outcome.tsx'
import { OPS_TEXT } from '../messages.ts'
import { signInOperator } from '../ops-api.ts'
import { errorText } from '../ops-errors.ts'
import { startSession, useSessionNotice } from '../ops-session.ts'

type Field = 'email' | 'password' | 'code'
const MESSAGES: Record<Field, string> = {
  email: OPS_TEXT.signIn.emailRequired,
  password: OPS_TEXT.signIn.passwordRequired,
  code: OPS_TEXT.signIn.codeRequired,
}

/** A typed code with the spaces people put in ("123 456") taken out. */
function typedCode(text: string): string {
  return text.replaceAll(/\s+/g, '')
}

/**
 * Staff sign-in: e-mail, password and the authenticator's code, all three every time. Shown in
 * place of whatever console page was asked for, which then opens once signed in.
 */
export function SignInPage() {
  const ids = { email: useId(), password: useId(), code: useId() }
  const notice = useSessionNotice()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const signIn = useMutation({ mutationFn: signInOperator, onSuccess: startSession })

  useEffect(() => {
    document.title = OPS_TEXT.pageTitle(OPS_TEXT.signIn.submit)
  }, [])

  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = opsLoginRequestSchema.safeParse({ email, password, code: typedCode(code) })
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0]
        if (field === 'email' || field === 'password' || field === 'code') {
          found[field] = MESSAGES[field]
        }
      }
      setErrors(found)
      return
    }
    setErrors({})
    signIn.mutate(parsed.data, { onError: () => setCode('') })
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 grid gap-3">
          <LogoMark className="size-10" />
          <h1 className="text-2xl font-semibold tracking-tight">{OPS_TEXT.signIn.title}</h1>
          <p className="text-sm text-muted-foreground">{OPS_TEXT.signIn.description}</p>
        </div>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <Outcome
            tone={notice === 'idle' ? 'warning' : 'neutral'}
            message={
              notice === 'idle'
                ? OPS_TEXT.signIn.idleNotice
                : notice === 'signedOut'
                  ? OPS_TEXT.signIn.signedOutNotice
                  : null
            }
            testId="ops-session-notice"
          />
          <FormAlert
            message={signIn.isError ? errorText(signIn.error, OPS_TEXT.signIn.failed) : null}
          />
          <TextField
            id={ids.email}
            label={OPS_TEXT.signIn.email}
            type="email"
            autoComplete="username"
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <PasswordField
            id={ids.password}
            label={OPS_TEXT.signIn.password}
            autoComplete="current-password"
            showLabel={OPS_TEXT.signIn.showPassword}
            hideLabel={OPS_TEXT.signIn.hidePassword}
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <TextField
            id={ids.code}
            label={OPS_TEXT.signIn.code}
            hint={OPS_TEXT.signIn.codeHint}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            error={errors.code}
            onChange={(event) => setCode(event.target.value)}
            className="[&_input]:font-mono [&_input]:tracking-[0.3em]"
          />
          <Button type="submit" size="lg" disabled={signIn.isPending}>
            {signIn.isPending ? OPS_TEXT.signIn.submitting : OPS_TEXT.signIn.submit}
          </Button>
        </form>
      </Card>
    </main>
  )
}
