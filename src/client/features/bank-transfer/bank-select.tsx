import { Check, ChevronDown, Search } from 'lucide-react'
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { Dialog, DialogContent, DialogTitle } from '#client/components/ui/dialog.tsx'
import { FieldError } from '#client/components/ui/field-error.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { cn } from '#client/lib/cn.ts'
import type { Bank } from '../../entities/banks/use-banks.ts'
import { BANK_SEARCH_MAX_LENGTH, searchBanks } from './bank-search.ts'
import { useBankTransferMessages } from './messages.ts'

type BankTransferMessages = ReturnType<typeof useBankTransferMessages>

function countryName(t: BankTransferMessages, country: string): string {
  if (country === 'NG') return t('countryNG')
  if (country === 'ZA') return t('countryZA')
  if (country === 'KE') return t('countryKE')
  return country
}

/** A bank code as part of an element id: codes are digits or letters, but nothing says so. */
function optionId(listId: string, code: string): string {
  return `${listId}-${code.replace(/[^\w-]/g, '_')}`
}

/** A key that types a character, which opens the picker with it as the search. */
function typedCharacter(event: KeyboardEvent): string | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null
  return event.key.length === 1 && event.key !== ' ' ? event.key : null
}

/**
 * The open picker: a search box and the banks that match it, by country with the currency each
 * country's banks receive. Focus stays in the search box (the ARIA combobox pattern): the arrow
 * keys move the highlighted bank, Enter chooses it, Escape closes without a change; a tap or a
 * click chooses too.
 */
function BankPicker({
  banks,
  value,
  initialSearch,
  onPick,
}: {
  banks: readonly Bank[]
  value: string
  initialSearch: string
  onPick: (code: string) => void
}) {
  const t = useBankTransferMessages()
  const listId = useId()
  const [search, setSearch] = useState(initialSearch)
  const groups = useMemo(() => searchBanks(banks, search), [banks, search])
  const found = useMemo(() => groups.flatMap((group) => group.banks), [groups])
  // The highlighted bank: the chosen one at first, the best match once the user types.
  const [highlighted, setHighlighted] = useState<string | null>(
    initialSearch === '' && value !== '' ? value : null,
  )
  const active = found.find((bank) => bank.code === highlighted) ?? found[0]
  const activeId = active ? optionId(listId, active.code) : undefined

  // The highlighted bank stays in sight as the arrow keys move it; the chosen one is centred
  // when the picker opens.
  const opened = useRef(false)
  useEffect(() => {
    if (!activeId) return
    document
      .getElementById(activeId)
      ?.scrollIntoView({ block: opened.current ? 'nearest' : 'center' })
    opened.current = true
  }, [activeId])

  function move(step: number) {
    if (found.length === 0) return
    const at = active ? found.indexOf(active) : -1
    const next = found[(at + step + found.length) % found.length]
    if (next) setHighlighted(next.code)
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') move(1)
    else if (event.key === 'ArrowUp') move(-1)
    else if (event.key === 'PageDown') move(Math.min(8, found.length - 1) || 1)
    else if (event.key === 'PageUp') move(-(Math.min(8, found.length - 1) || 1))
    else if (event.key === 'Enter' && active) onPick(active.code)
    else return
    event.preventDefault()
  }

  return (
    <>
      <DialogTitle>{t('bankPickerTitle')}</DialogTitle>
      <div className="relative mt-4">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <input
          type="search"
          role="combobox"
          aria-label={t('bankSearch')}
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="done"
          maxLength={BANK_SEARCH_MAX_LENGTH}
          placeholder={t('bankSearchPlaceholder')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value)
            setHighlighted(null)
          }}
          onKeyDown={onKeyDown}
          // A character typed on the closed field is already in the box: typing goes on after it.
          onFocus={(event) => {
            const end = event.currentTarget.value.length
            event.currentTarget.setSelectionRange(end, end)
          }}
          className="flex h-11 w-full min-w-0 rounded-lg border border-input bg-card py-2 pr-3 pl-9 text-base placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-sm"
        />
      </div>
      <p role="status" className="mt-2 text-xs text-muted-foreground" data-testid="bank-results">
        {found.length === 0
          ? t('bankNoMatch', { search: search.trim() })
          : t('bankResults', { count: found.length })}
      </p>
      <div
        id={listId}
        role="listbox"
        aria-label={t('bank')}
        className="-mx-2 mt-2 min-h-0 flex-1 overflow-y-auto overscroll-contain px-2"
      >
        {groups.map((group) => {
          const headingId = `${listId}-${group.country}`
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox owns ARIA groups of options; a fieldset is for form controls.
            <div key={group.country} role="group" aria-labelledby={headingId}>
              <p
                id={headingId}
                className="sticky top-0 z-10 bg-card px-2 pt-3 pb-1 text-xs font-semibold text-muted-foreground"
              >
                {t('bankGroup', {
                  country: countryName(t, group.country),
                  currency: group.currency,
                })}
              </p>
              {group.banks.map((bank) => {
                const chosen = bank.code === value
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the search box takes the keys (aria-activedescendant).
                  <div
                    key={bank.code}
                    id={optionId(listId, bank.code)}
                    role="option"
                    aria-selected={chosen}
                    tabIndex={-1}
                    data-active={bank === active ? '' : undefined}
                    onPointerMove={(event) => {
                      if (event.pointerType === 'mouse') setHighlighted(bank.code)
                    }}
                    onClick={() => onPick(bank.code)}
                    className={cn(
                      'flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm select-none',
                      'data-[active]:bg-muted',
                      chosen && 'font-semibold',
                    )}
                  >
                    <span className="flex size-4 shrink-0 items-center justify-center">
                      {chosen ? <Check className="size-4 text-primary" aria-hidden="true" /> : null}
                    </span>
                    <span className="min-w-0 break-words">{bank.name}</span>
                  </div>
                )
              })}
            </div>
          )
        })}
      </div>
    </>
  )
}

/**
 * The bank choice: a field that shows the chosen bank and opens a searchable list of every bank
 * Sabi pays into (several hundred in Nigeria alone), grouped by country with the currency each
 * country's banks receive, so the user sees which wallet pays a bank before choosing it. The
 * list is a bottom sheet on phones, where the thumb and the keyboard are, and a centred panel on
 * larger screens.
 */
export function BankSelect({
  id,
  banks,
  value,
  onChange,
  error,
  disabled,
}: {
  id: string
  banks: readonly Bank[]
  value: string
  onChange: (bankCode: string) => void
  error?: string | undefined
  disabled?: boolean
}) {
  const t = useBankTransferMessages()
  const messageId = `${id}-message`
  const pickerId = `${id}-picker`
  // The search the picker opens with: a character typed on the closed field starts it.
  const [open, setOpen] = useState<{ search: string } | null>(null)
  const selected = banks.find((bank) => bank.code === value)

  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>{t('bank')}</Label>
      <button
        type="button"
        id={id}
        role="combobox"
        aria-haspopup="dialog"
        aria-expanded={open !== null}
        aria-controls={open ? pickerId : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? messageId : undefined}
        disabled={disabled ?? false}
        data-placeholder={selected ? undefined : ''}
        onClick={() => setOpen({ search: '' })}
        onKeyDown={(event) => {
          const typed = typedCharacter(event)
          if (typed !== null) setOpen({ search: typed })
          else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') setOpen({ search: '' })
          else return
          event.preventDefault()
        }}
        className={cn(
          'flex min-h-11 w-full min-w-0 items-center justify-between gap-2 rounded-lg border border-input bg-card px-3 py-2 text-left text-base sm:text-sm',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive',
          'data-[placeholder]:text-muted-foreground',
        )}
      >
        <span className="min-w-0 break-words">
          {selected ? selected.name : t('bankPlaceholder')}
        </span>
        <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
      </button>
      <FieldError id={messageId}>{error}</FieldError>
      <Dialog open={open !== null} onOpenChange={(next) => (next ? undefined : setOpen(null))}>
        {open ? (
          <DialogContent
            id={pickerId}
            closeLabel={t('close')}
            aria-describedby={undefined}
            data-testid="bank-picker"
            // A fixed height, so the sheet does not jump as the list shrinks while typing; the
            // list scrolls, the search box stays.
            className="flex h-[85dvh] flex-col overflow-hidden sm:h-[min(36rem,85dvh)]"
          >
            <BankPicker
              banks={banks}
              value={value}
              initialSearch={open.search}
              onPick={(code) => {
                onChange(code)
                setOpen(null)
              }}
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  )
}
