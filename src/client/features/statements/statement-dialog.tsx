import { useMutation } from '@tanstack/react-query'
import { FileDown, FileSpreadsheet, FileText } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { OptionCards } from '#client/components/ui/option-cards.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useWalletPreset } from '#client/entities/wallets/default-wallet.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { WalletSelect } from '#client/entities/wallets/wallet-select.tsx'
import { currentLanguage } from '#client/i18n/language.ts'
import { apiDownload } from '#client/lib/api.ts'
import { downloadBlob } from '#client/lib/download-text.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { addDays, lagosDay } from '#shared/lagos-time.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { STATEMENT_MAX_DAYS } from '#shared/schemas/statements.ts'
import { useStatementMessages } from './messages.ts'

const NO_WALLETS: readonly Wallet[] = []

/**
 * "Statement" on the history page (docs/statements.md): a wallet, a period of Lagos days and PDF
 * or CSV, fetched through the app's fetch wrapper and saved as a file.
 */
export function StatementButton() {
  const t = useStatementMessages()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <FileDown aria-hidden="true" />
        {t('statement')}
      </Button>
      {open ? <StatementDialog onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function StatementDialog({ onClose }: { onClose: () => void }) {
  const t = useStatementMessages()
  const showErrorToast = useShowErrorToast()
  const wallets = useWallets({ enabled: true })
  const walletList = wallets.data ?? NO_WALLETS
  const today = lagosDay(new Date())
  const [walletId, setWalletId] = useState('')
  useWalletPreset(walletList, (wallet) => setWalletId((current) => current || wallet.id))
  const [from, setFrom] = useState(`${today.slice(0, 8)}01`)
  const [to, setTo] = useState(today)
  const [format, setFormat] = useState<'pdf' | 'csv'>('pdf')
  const download = useMutation({
    mutationFn: async () => {
      const query = new URLSearchParams({ walletId, from, to, format, language: currentLanguage() })
      const file = await apiDownload(`/api/statements?${query}`)
      downloadBlob(file.fileName, file.blob)
    },
    onSuccess: () => {
      toast({ title: t('downloaded') })
      onClose()
    },
    onError: (error) => showErrorToast(error, { title: t('failed'), message: t('failed') }),
  })
  return (
    <Dialog open onOpenChange={(next) => (next ? undefined : onClose())}>
      <DialogContent closeLabel={t('cancel')}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            download.mutate()
          }}
        >
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogDescription className="text-sm text-muted-foreground">
            {t('description')}
          </DialogDescription>
          <WalletSelect
            id="statement-wallet"
            label={t('wallet')}
            placeholder={t('walletPlaceholder')}
            wallets={walletList}
            value={walletId}
            onChange={setWalletId}
            loadFailed={wallets.isError}
          />
          <div className="grid gap-3 min-[400px]:grid-cols-2">
            <TextField
              id="statement-from"
              label={t('from')}
              type="date"
              min={addDays(to, -STATEMENT_MAX_DAYS)}
              max={to}
              value={from}
              onChange={(event) => setFrom(event.target.value)}
            />
            <TextField
              id="statement-to"
              label={t('to')}
              type="date"
              min={from}
              max={today}
              value={to}
              onChange={(event) => setTo(event.target.value)}
            />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('format')}</legend>
            <OptionCards
              name="statement-format"
              value={format}
              columnsClassName="grid-cols-1 min-[400px]:grid-cols-2"
              options={[
                { value: 'pdf', label: t('pdf'), hint: t('pdfHint'), icon: FileText },
                { value: 'csv', label: t('csv'), hint: t('csvHint'), icon: FileSpreadsheet },
              ]}
              onChange={setFormat}
            />
          </fieldset>
          <Button type="submit" needsNetwork disabled={download.isPending || walletId === ''}>
            <FileDown aria-hidden="true" />
            {download.isPending ? t('downloading') : t('download')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
