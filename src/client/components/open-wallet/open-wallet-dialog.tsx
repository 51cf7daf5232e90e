import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Check } from 'lucide-react'
import { useId, useState } from 'react'
import { CurrencyFlag } from '#client/components/flag.tsx'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { apiRequest } from '#client/lib/api.ts'
import { cn } from '#client/lib/cn.ts'
import { currencyName } from '#client/lib/currency-name.ts'
import { useShowErrorToast } from '#client/lib/show-error-toast.ts'
import { toast } from '#client/lib/toast.ts'
import { useAuth } from '#client/lib/use-auth.ts'
import { walletSchema } from '#shared/schemas/reference.ts'
import { useWalletMessages } from '../../entities/wallets/messages.ts'
import { useCurrencies } from '../../entities/wallets/use-currencies.ts'
import { useWallets, WALLETS_QUERY_KEY } from '../../entities/wallets/use-wallets.ts'

async function openWallet(currencyId: number) {
  return walletSchema.parse(await apiRequest('POST', '/api/wallets', { currencyId }))
}

/**
 * Opens a wallet in a currency the user holds none of yet (POST /api/wallets). Opening a
 * wallet moves no money, so it needs no Idempotency-Key: a repeat is a 409 the server words.
 */
export function OpenWalletDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useWalletMessages()
  const { isAuthenticated } = useAuth()
  const queryClient = useQueryClient()
  const showErrorToast = useShowErrorToast()
  const currencies = useCurrencies({ enabled: isAuthenticated })
  const wallets = useWallets({ enabled: isAuthenticated })
  const [currencyId, setCurrencyId] = useState<number | null>(null)
  const [showError, setShowError] = useState(false)
  const errorId = useId()

  const held = new Set(wallets.data?.map((wallet) => wallet.currencyId) ?? [])
  const available = (currencies.data ?? []).filter(
    (currency) => currency.isActive && !held.has(currency.id),
  )

  const mutation = useMutation({
    mutationFn: openWallet,
    onSuccess: async (wallet) => {
      toast({
        title: t('walletOpenedTitle'),
        description: t('walletOpenedText', { currency: wallet.currency.code }),
      })
      onOpenChange(false)
      await queryClient.invalidateQueries({ queryKey: WALLETS_QUERY_KEY })
    },
    onError: (error) => {
      showErrorToast(error, {
        title: t('openWalletFailedTitle'),
        message: t('openWalletFailedText'),
      })
    },
  })

  const loading = currencies.isPending || wallets.isPending
  const failed = currencies.isError || wallets.isError

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle className="pr-10">{t('openWalletTitle')}</DialogTitle>
        <DialogDescription>{t('openWalletDescription')}</DialogDescription>
        <form
          noValidate
          className="mt-5 grid grid-cols-1 gap-5"
          onSubmit={(event) => {
            event.preventDefault()
            if (mutation.isPending) return
            if (currencyId === null) {
              setShowError(true)
              return
            }
            mutation.mutate(currencyId)
          }}
        >
          {loading ? (
            <div
              role="status"
              aria-label={t('currenciesLoading')}
              className="grid grid-cols-2 gap-2"
            >
              {Array.from({ length: 4 }, (_, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
                  key={index}
                  className="h-16 animate-pulse rounded-xl bg-muted"
                />
              ))}
            </div>
          ) : failed ? (
            <div className="flex items-center justify-between gap-3 rounded-lg bg-muted px-4 py-3">
              <p className="text-sm text-muted-foreground">{t('currenciesUnavailable')}</p>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => {
                  void currencies.refetch()
                  void wallets.refetch()
                }}
              >
                {t('retry')}
              </Button>
            </div>
          ) : available.length === 0 ? (
            <p className="rounded-lg bg-muted px-4 py-3 text-sm text-muted-foreground">
              {t('noCurrenciesLeft')}
            </p>
          ) : (
            <fieldset
              aria-describedby={showError && currencyId === null ? errorId : undefined}
              className="grid grid-cols-1 gap-2"
            >
              <legend className="mb-2 text-sm font-medium">{t('currencyLegend')}</legend>
              <div className="grid grid-cols-2 gap-2">
                {available.map((currency) => {
                  const checked = currency.id === currencyId
                  return (
                    <label
                      key={currency.id}
                      className={cn(
                        'relative flex cursor-pointer items-center gap-3 rounded-xl border p-3 transition-colors hover:bg-muted',
                        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                        checked && 'border-primary bg-secondary hover:bg-secondary',
                      )}
                    >
                      <input
                        type="radio"
                        name="currency"
                        value={currency.id}
                        checked={checked}
                        onChange={() => {
                          setCurrencyId(currency.id)
                          setShowError(false)
                        }}
                        className="absolute inset-0 size-full cursor-pointer opacity-0"
                      />
                      <CurrencyFlag flagEmoji={currency.flagEmoji} className="text-2xl" />
                      <span className="min-w-0">
                        <span className="block text-sm font-semibold">{currency.code}</span>
                        <span className="block text-xs text-muted-foreground wrap-break-word">
                          {currencyName(currency)}
                        </span>
                      </span>
                      {checked ? (
                        <Check
                          className="absolute right-2 top-2 size-4 text-primary"
                          aria-hidden="true"
                        />
                      ) : null}
                    </label>
                  )
                })}
              </div>
              {showError && currencyId === null ? (
                <p id={errorId} className="text-xs font-medium text-destructive">
                  {t('selectCurrency')}
                </p>
              ) : null}
            </fieldset>
          )}
          <Button
            type="submit"
            size="lg"
            className="w-full"
            disabled={mutation.isPending || loading || failed || available.length === 0}
          >
            {mutation.isPending ? t('openingWallet') : t('openWallet')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
