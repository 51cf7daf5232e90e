import { useId } from 'react'
import { Switch } from '#client/components/ui/switch.tsx'
import { SettingRow } from './settings-card.tsx'

/** A setting that is on or off, announced as a switch with its name and description. */
export function SwitchRow({
  label,
  description,
  checked,
  onCheckedChange,
  disabled,
}: {
  label: string
  description: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  disabled?: boolean
}) {
  const labelId = useId()
  const descriptionId = useId()
  return (
    <SettingRow
      label={label}
      description={description}
      labelId={labelId}
      descriptionId={descriptionId}
    >
      <Switch
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled ?? false}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
      />
    </SettingRow>
  )
}
