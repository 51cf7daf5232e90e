import { Delete, Phone, PhoneOff } from 'lucide-react'
import { useId } from 'react'
import { cn } from '#client/lib/cn.ts'
import { useUssdMessages } from './messages.ts'
import { USSD_ANSWER_MAX, useUssdDialogue } from './use-ussd-dialogue.ts'

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const
/** The letters under a key, as on a feature phone's keypad. */
const LETTERS: Partial<Record<(typeof KEYS)[number], string>> = {
  '2': 'ABC',
  '3': 'DEF',
  '4': 'GHI',
  '5': 'JKL',
  '6': 'MNO',
  '7': 'PQRS',
  '8': 'TUV',
  '9': 'WXYZ',
}

/**
 * A feature phone (docs/ussd.md "Simulator"): a screen showing what the network answers, a
 * keypad, and Call, Delete and End. The answer can be typed on the keyboard too.
 */
export function UssdPhone({ serviceCode }: { serviceCode: string }) {
  const t = useUssdMessages()
  const inputId = useId()
  const dialogue = useUssdDialogue(serviceCode)
  const { phase } = dialogue
  const typing = phase === 'idle' || phase === 'prompt'
  const submit = () => (phase === 'idle' ? dialogue.call() : dialogue.answer())

  return (
    <div className="mx-auto w-full max-w-[20rem] rounded-[2.5rem] border-[10px] border-zinc-800 bg-zinc-900 p-3 shadow-xl dark:border-zinc-700">
      <div className="mx-auto mb-3 h-1.5 w-16 rounded-full bg-zinc-700" aria-hidden="true" />
      <section
        aria-label={t('screenLabel')}
        className="flex min-h-60 flex-col rounded-xl bg-[#c7dcc0] p-3 font-mono text-[0.95rem] leading-snug text-zinc-900"
      >
        <div
          data-testid="ussd-screen"
          aria-live="polite"
          className="flex-1 whitespace-pre-wrap break-words"
        >
          {phase === 'idle' ? (
            <p className="text-sm text-zinc-700">
              {dialogue.wrongCode
                ? t('wrongCode', { code: serviceCode })
                : t('dialHint', { code: serviceCode })}
            </p>
          ) : null}
          {phase === 'running' ? <p>{t('running')}</p> : null}
          {phase === 'prompt' || phase === 'ended' ? dialogue.screen : null}
          {phase === 'failed' ? <p>{t('failed')}</p> : null}
        </div>
        {typing ? (
          <form
            className="mt-2 border-t border-zinc-900/20 pt-2"
            onSubmit={(event) => {
              event.preventDefault()
              submit()
            }}
          >
            <label htmlFor={inputId} className="sr-only">
              {phase === 'idle' ? t('dialLabel') : t('answerLabel')}
            </label>
            <input
              id={inputId}
              value={dialogue.input}
              onChange={(event) => dialogue.type(event.target.value)}
              maxLength={USSD_ANSWER_MAX}
              autoComplete="off"
              className="w-full rounded bg-white/70 px-2 py-1 text-base text-zinc-900 outline-none focus-visible:ring-2 focus-visible:ring-zinc-900"
            />
          </form>
        ) : null}
        {phase === 'ended' ? (
          <p className="mt-2 border-t border-zinc-900/20 pt-2 text-xs text-zinc-700">
            {t('ended')}
          </p>
        ) : null}
      </section>

      {phase === 'idle' ? (
        <button
          type="button"
          onClick={() => dialogue.type(serviceCode)}
          className="mt-3 w-full rounded-lg bg-zinc-800 py-1.5 text-sm font-medium text-zinc-100 hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-white"
        >
          {t('dialCode', { code: serviceCode })}
        </button>
      ) : null}

      <div className="mt-3 grid grid-cols-3 gap-2">
        <button
          type="button"
          onClick={submit}
          disabled={!typing}
          aria-label={phase === 'idle' ? t('call') : t('send')}
          className="flex h-11 items-center justify-center gap-1 rounded-full bg-emerald-600 text-sm font-semibold text-white hover:bg-emerald-500 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40"
        >
          <Phone className="size-4" aria-hidden="true" />
          <span className="truncate">{phase === 'idle' ? t('call') : t('send')}</span>
        </button>
        <button
          type="button"
          onClick={() => dialogue.type(dialogue.input.slice(0, -1))}
          disabled={!typing}
          aria-label={t('erase')}
          title={t('erase')}
          className="flex h-11 items-center justify-center rounded-full bg-zinc-700 text-zinc-100 hover:bg-zinc-600 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40"
        >
          <Delete className="size-5" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={dialogue.hangUp}
          aria-label={t('hangUp')}
          className="flex h-11 items-center justify-center gap-1 rounded-full bg-red-600 text-sm font-semibold text-white hover:bg-red-500 focus-visible:outline-2 focus-visible:outline-white"
        >
          <PhoneOff className="size-4" aria-hidden="true" />
          <span className="truncate">{t('hangUp')}</span>
        </button>
      </div>

      <fieldset aria-label={t('keypadLabel')} className="mt-3 grid grid-cols-3 gap-2 border-0 p-0">
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            disabled={!typing}
            onClick={() => dialogue.type(`${dialogue.input}${key}`)}
            className={cn(
              'flex h-12 flex-col items-center justify-center rounded-xl bg-zinc-800 text-zinc-100',
              'hover:bg-zinc-700 focus-visible:outline-2 focus-visible:outline-white disabled:opacity-40',
            )}
          >
            <span className="text-lg font-semibold leading-none">{key}</span>
            <span
              className="h-3 text-[0.6rem] leading-3 tracking-widest text-zinc-400"
              aria-hidden="true"
            >
              {LETTERS[key] ?? ''}
            </span>
          </button>
        ))}
      </fieldset>
    </div>
  )
}
