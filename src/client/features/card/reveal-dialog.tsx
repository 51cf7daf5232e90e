import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { FormAlert } from '#client/components/form-alert.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx'
import { PasswordField, TextField } from '#client/components/ui/text-field.tsx'
import { ApiError, apiRequest } from '#client/lib/api.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { revealedCardSchema } from '#shared/schemas/card.ts'
import { useCardMessages } from './messages.ts'

export type RevealedCard = z.infer<typeof revealedCardSchema>
type Method = 'password' | 'code'

/**
 * Asks for the password again (or, with two-factor sign-in on, a current code) and hands the
 * full number and CVV to `onRevealed`. The answer goes straight to the caller's state: it is
 * never put in a query or mutation cache, where it would outlive the 30 seconds.
 */
export function RevealDialog({
  open,
  onOpenChange,
  twoFactorEnabled,
  onRevealed,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  twoFactorEnabled: boolean
  onRevealed: (card: RevealedCard) => void
}) {
  const t = useCardMessages()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle className="pr-10">{t('revealTitle')}</DialogTitle>
        <DialogDescription>{t('revealDescription')}</DialogDescription>
        {open ? (
          <RevealForm
            twoFactorEnabled={twoFactorEnabled}
            onRevealed={(card) => {
              onRevealed(card)
              onOpenChange(false)
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function RevealForm({
  twoFactorEnabled,
  onRevealed,
}: {
  twoFactorEnabled: boolean
  onRevealed: (card: RevealedCard) => void
}) {
  const t = useCardMessages()
  const showErrorToast = useShowErrorToast()
  const [method, setMethod] = useState<Method>('password')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [fieldError, setFieldError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  // A dialog closed while the check runs has been cancelled: its answer is dropped.
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const proof = method === 'password' ? { password } : { code: code.replace(/\s/g, '') }
    if (method === 'password' && password === '') {
      setFieldError(t('passwordRequired'))
      return
    }
    if (method === 'code' && !proof.code) {
      setFieldError(t('codeRequired'))
      return
    }
    setFieldError(null)
    setFormError(null)
    setPending(true)
    try {
      const card = revealedCardSchema.parse(await apiRequest('POST', '/api/card/reveal', proof))
      if (mounted.current) onRevealed(card)
    } catch (error) {
      if (!mounted.current) return
      setPending(false)
      if (error instanceof ApiError && error.status === 400 && error.serverMessage) {
        setFieldError(error.serverMessage)
      } else if (error instanceof ApiError && error.status === 429 && error.serverMessage) {
        setFormError(error.serverMessage)
      } else {
        showErrorToast(error, { title: t('revealTitle'), message: t('revealFailed') })
      }
    }
  }

  const passwordField = (
    <PasswordField
      id="card-reveal-password"
      label={t('password')}
      autoComplete="current-password"
      showLabel={t('showPassword')}
      hideLabel={t('hidePassword')}
      value={password}
      onChange={(event) => setPassword(event.target.value)}
      error={method === 'password' ? (fieldError ?? undefined) : undefined}
    />
  )

  return (
    <form noValidate className="mt-5 grid grid-cols-1 gap-4" onSubmit={submit}>
      <FormAlert message={formError} />
      {twoFactorEnabled ? (
        <Tabs
          value={method}
          onValueChange={(value) => {
            setMethod(value === 'code' ? 'code' : 'password')
            setFieldError(null)
          }}
        >
          <TabsList>
            <TabsTrigger value="password">{t('revealWithPassword')}</TabsTrigger>
            <TabsTrigger value="code">{t('revealWithCode')}</TabsTrigger>
          </TabsList>
          <TabsContent value="password">{passwordField}</TabsContent>
          <TabsContent value="code">
            <TextField
              id="card-reveal-code"
              label={t('code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
              className="[&_input]:font-mono [&_input]:tracking-widest"
              hint={t('codeHint')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={method === 'code' ? (fieldError ?? undefined) : undefined}
            />
          </TabsContent>
        </Tabs>
      ) : (
        passwordField
      )}
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? t('revealing') : t('reveal')}
      </Button>
    </form>
  )
}
