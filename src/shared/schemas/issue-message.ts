import english from '../../client/locales/en/errors.json' with { type: 'json' }
import { type ErrorKey, type Message, type MessageParams, msg } from '../errors.ts'

/**
 * The shared schemas word their issues as keys of the errors catalog, not English, so the
 * server and the forms both word them in the user's language: `.min(3, 'usernameLeastMinCharacters')`.
 * A text whose values the issue does not carry names them after the key:
 * `issueKey('searchTermLeastMin', { min: 2 })` is `searchTermLeastMin {"min":2}`.
 */
export function issueKey(
  key: ErrorKey,
  params?: Readonly<Record<string, string | number>>,
): string {
  return params ? `${key} ${JSON.stringify(params)}` : key
}

function isErrorKey(key: string): key is ErrorKey {
  return Object.hasOwn(english, key) || Object.hasOwn(english, `${key}_other`)
}

function readParams(text: string): Record<string, string | number> {
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== 'object' || value === null) return {}
    return Object.fromEntries(
      Object.entries(value).filter(
        (entry): entry is [string, string | number] =>
          typeof entry[1] === 'string' || typeof entry[1] === 'number',
      ),
    )
  } catch {
    return {}
  }
}

function boundOf(value: unknown): string | number | undefined {
  if (typeof value === 'number') return value
  if (typeof value === 'bigint') return value.toString()
  return undefined
}

/**
 * A zod issue as a message: its key, with the values its schema named and the bounds the issue
 * carries (`minimum` as `min`, `maximum` as `max`, an exact length as `length`). A message that
 * is no key (zod's own words) reads as the catalog's 'invalidValue'.
 */
export function issueMessage(issue: unknown): Message {
  if (typeof issue !== 'object' || issue === null) return msg('invalidValue')
  const { message, minimum, maximum, exact } = issue as {
    message?: unknown
    minimum?: unknown
    maximum?: unknown
    exact?: unknown
  }
  if (typeof message !== 'string') return msg('invalidValue')
  const space = message.indexOf(' ')
  const key = space === -1 ? message : message.slice(0, space)
  if (!isErrorKey(key)) return msg('invalidValue')
  const bounds: Record<string, string | number> = {}
  const min = boundOf(minimum)
  const max = boundOf(maximum)
  if (min !== undefined) bounds[exact === true ? 'length' : 'min'] = min
  if (max !== undefined) bounds[exact === true ? 'length' : 'max'] = max
  const params: MessageParams = {
    ...bounds,
    ...(space === -1 ? {} : readParams(message.slice(space + 1))),
  }
  return msg(key, params)
}
