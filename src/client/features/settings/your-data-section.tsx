import { Download, FileJson, FileSpreadsheet } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/components/ui/text-field.tsx'
import { useSettingsMessages } from '../../entities/settings/messages.ts'
import { SettingRow, SettingsCard } from './settings-card.tsx'

const DATA_EXPORT_PATH = '/api/export/data'
const CSV_EXPORT_PATH = '/api/export/transactions.csv'

/** The CSV path for an optional date range (YYYY-MM-DD, both ends included). */
export function csvExportPath(from: string, to: string): string {
  const query = new URLSearchParams()
  if (from) query.set('from', from)
  if (to) query.set('to', to)
  const text = query.toString()
  return text ? `${CSV_EXPORT_PATH}?${text}` : CSV_EXPORT_PATH
}

/**
 * Download data and export history. Both are plain links to the API with `download`: the
 * browser sends the session cookie and saves the server's attachment, so nothing is built in
 * the page and a large history never sits in memory.
 */
export function YourDataSection() {
  const t = useSettingsMessages()
  const fromId = useId()
  const toId = useId()
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  // Date inputs give YYYY-MM-DD, which sorts as text in date order.
  const rangeInvalid = from !== '' && to !== '' && from > to

  return (
    <SettingsCard icon={Download} title={t('yourData')} description={t('yourDataText')}>
      <SettingRow label={t('downloadData')} description={t('downloadDataText')}>
        <Button asChild variant="outline" size="sm">
          <a href={DATA_EXPORT_PATH} download>
            <FileJson aria-hidden="true" />
            {t('downloadData')}
          </a>
        </Button>
      </SettingRow>
      <SettingRow label={t('exportHistory')} description={t('exportHistoryText')} stacked>
        <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
          <TextField
            id={fromId}
            label={t('exportFrom')}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => setFrom(event.target.value)}
            error={rangeInvalid ? t('exportRangeInvalid') : undefined}
          />
          <TextField
            id={toId}
            label={t('exportTo')}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        {rangeInvalid ? (
          <Button variant="outline" className="w-full sm:w-auto sm:justify-self-start" disabled>
            <FileSpreadsheet aria-hidden="true" />
            {t('exportCsv')}
          </Button>
        ) : (
          <Button asChild variant="outline" className="w-full sm:w-auto sm:justify-self-start">
            <a href={csvExportPath(from, to)} download>
              <FileSpreadsheet aria-hidden="true" />
              {t('exportCsv')}
            </a>
          </Button>
        )}
      </SettingRow>
    </SettingsCard>
  )
}
