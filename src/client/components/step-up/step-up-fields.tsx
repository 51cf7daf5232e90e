import type { ComponentProps } from 'react'
import { PasswordField, TextField } from '#client/components/ui/text-field.tsx'
import { useStepUpMessages } from './messages.ts'
import type { StepUp } from './use-step-up.ts'

/** The field for a code from the authenticator app or a backup code. */
export function SecondFactorCodeField(
  props: Omit<ComponentProps<typeof TextField>, 'label' | 'hint'>,
) {
  const t = useStepUpMessages()
  return (
    <TextField
      label={t('code')}
      hint={t('codeHint')}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={20}
      className="[&_input]:font-mono"
      {...props}
    />
  )
}

/**
 * The account password, and the authenticator code when two-factor is on, in the form of a
 * credential change (docs/security.md "Step-up"). They sit in the form's own grid.
 */
export function StepUpFields({
  stepUp,
  idPrefix,
  disabled,
}: {
  stepUp: StepUp
  idPrefix: string
  disabled?: boolean
}) {
  const t = useStepUpMessages()
  return (
    <>
      <PasswordField
        id={`${idPrefix}-password`}
        label={t('password')}
        autoComplete="current-password"
        showLabel={t('showPassword')}
        hideLabel={t('hidePassword')}
        value={stepUp.password}
        onChange={(event) => stepUp.setPassword(event.target.value)}
        error={stepUp.errors.password}
        disabled={disabled}
      />
      {stepUp.asksCode ? (
        <SecondFactorCodeField
          id={`${idPrefix}-code`}
          value={stepUp.code}
          onChange={(event) => stepUp.setCode(event.target.value)}
          error={stepUp.errors.code}
          disabled={disabled}
        />
      ) : null}
    </>
  )
}
