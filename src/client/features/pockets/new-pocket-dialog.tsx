import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Switch } from '#client/components/ui/switch.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { POCKETS_QUERY_KEY } from '#client/entities/pockets/use-pockets.ts'
import { useWalletPreset } from '#client/entities/wallets/default-wallet.ts'
import { useWallets } from '#client/entities/wallets/use-wallets.ts'
import { WalletSelect } from '#client/entities/wallets/wallet-select.tsx'
import { amountPlaceholder, readAmountInput } from '#client/lib/amount-input.ts'
import { describeAmountProblem, useAmountMessages } from '#client/lib/amount-messages.ts'
import { apiRequest } from '#client/lib/api.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { addDays, lagosDay } from '#shared/lagos-time.ts'
import { formatMoney } from '#shared/money.ts'
import { POCKET_NAME_MAX_LENGTH, pocketSchema } from '#shared/schemas/pockets.ts'
import type { Wallet } from '#shared/schemas/reference.ts'
import { usePocketMessages } from './messages.ts'

const NO_WALLETS: readonly Wallet[] = []

/** A new savings pocket: its name, the wallet it saves from, and the optional goal and lock. */
export function NewPocketDialog({ onClose }: { onClose: () => void }) {
  const t = usePocketMessages()
  const a = useAmountMessages()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const wallets = useWallets({ enabled: true })
  const walletList = wallets.data ?? NO_WALLETS
  const [walletId, setWalletId] = useState('')
  useWalletPreset(walletList, (wallet) => setWalletId((current) => current || wallet.id))
  const [name, setName] = useState('')
  const [target, setTarget] = useState('')
  const [targetDate, setTargetDate] = useState('')
  const [lockedUntil, setLockedUntil] = useState('')
  const [roundUps, setRoundUps] = useState(false)
  const [problems, setProblems] = useState<{ name?: string; target?: string }>({})
  const tomorrow = addDays(lagosDay(new Date()), 1)
  const wallet = walletList.find((candidate) => candidate.id === walletId)

  const create = useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      pocketSchema.parse(await apiRequest('POST', '/api/pockets', body)),
    onSuccess: async () => {
      toast({ title: t('created') })
      await queryClient.invalidateQueries({ queryKey: POCKETS_QUERY_KEY })
      onClose()
    },
    onError: (error) =>
      showErrorToast(error, { title: t('createFailed'), message: t('createFailed') }),
  })

  function submit() {
    const found: { name?: string; target?: string } = {}
    if (name.trim() === '') found.name = t('nameRequired')
    let targetAmount: string | null = null
    if (target.trim() !== '' && wallet) {
      const amount = readAmountInput(target, wallet.currency.code)
      if (amount.ok) targetAmount = formatMoney(amount.value)
      else found.target = describeAmountProblem(amount.problem, wallet.currency.code, a)
    }
    setProblems(found)
    if (Object.keys(found).length > 0 || !wallet) return
    create.mutate({
      name: name.trim(),
      currency: wallet.currency.code,
      targetAmount,
      targetDate: targetDate || null,
      lockedUntil: lockedUntil || null,
      roundUps,
    })
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t('cancel')} aria-describedby={undefined}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            submit()
          }}
        >
          <DialogTitle>{t('createTitle')}</DialogTitle>
          <TextField
            id="pocket-name"
            label={t('name')}
            placeholder={t('namePlaceholder')}
            maxLength={POCKET_NAME_MAX_LENGTH}
            value={name}
            error={problems.name}
            onChange={(event) => setName(event.target.value)}
          />
          <WalletSelect
            id="pocket-wallet"
            label={t('currency')}
            placeholder={t('currency')}
            wallets={walletList}
            value={walletId}
            onChange={setWalletId}
            loadFailed={wallets.isError}
          />
          <TextField
            id="pocket-target"
            label={t('targetAmount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={amountPlaceholder()}
            value={target}
            error={problems.target}
            onChange={(event) => setTarget(event.target.value)}
          />
          <TextField
            id="pocket-target-date"
            label={t('targetDate')}
            type="date"
            min={tomorrow}
            value={targetDate}
            onChange={(event) => setTargetDate(event.target.value)}
          />
          <TextField
            id="pocket-lock"
            label={t('lockedUntilLabel')}
            type="date"
            min={tomorrow}
            hint={t('lockHint')}
            value={lockedUntil}
            onChange={(event) => setLockedUntil(event.target.value)}
          />
          <div className="flex items-start justify-between gap-3 rounded-xl border p-3">
            <div className="grid gap-1">
              <Label htmlFor="pocket-round-ups">{t('roundUps')}</Label>
              <p className="text-xs text-muted-foreground">
                {t('roundUpsHint', { currency: wallet?.currency.code ?? '' })}
              </p>
            </div>
            <Switch id="pocket-round-ups" checked={roundUps} onCheckedChange={setRoundUps} />
          </div>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('creating') : t('create')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
