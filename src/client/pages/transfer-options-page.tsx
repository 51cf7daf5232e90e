import { RequireSignedIn } from '#client/components/require-signed-in.tsx'
import { TransferOptions } from '#client/features/transfer-options/transfer-options.tsx'
import { AppShell } from '#client/shell/app-shell.tsx'

/** `/transfer-options`: the tabbed transfer chooser (docs/screens.md "Transfer options"). */
export function TransferOptionsPage() {
  return (
    <RequireSignedIn>
      <AppShell>
        <TransferOptions />
      </AppShell>
    </RequireSignedIn>
  )
}
