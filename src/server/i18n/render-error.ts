import type { FastifyRequest } from 'fastify'
import english from '#client/locales/en/errors.json' with { type: 'json' }
import spanish from '#client/locales/es/errors.json' with { type: 'json' }
import french from '#client/locales/fr/errors.json' with { type: 'json' }
import hausa from '#client/locales/ha/errors.json' with { type: 'json' }
import type {
  AppError,
  AppErrorCode,
  ErrorDetails,
  ErrorKey,
  FieldError,
  Message,
  MessageParams,
  Wording,
} from '#shared/errors.ts'
import { paramValues } from '#shared/errors.ts'
import type { Language } from '#shared/languages.ts'
import { renderText, type Texts } from '#shared/render-text.ts'
import type { ApiErrorBody } from '#shared/schemas/errors.ts'
import { requestLanguage } from './request-language.ts'

/**
 * The API's refusals in the request's language (docs/i18n.md "Server messages"): a refusal is a
 * key of the errors catalog and its values, worded here from the same catalogs the client
 * reads (src/client/locales/<language>/errors.json, bundled with the server).
 */
const CATALOGS: Record<Language, Texts> = { en: english, fr: french, es: spanish, ha: hausa }

/** The generic text of an error code: what a refusal without its own words says. */
export function codeKey(code: AppErrorCode): ErrorKey {
  return `code_${code}`
}

/** One message of the errors catalog in `language`, its amounts as the language writes money. */
export function renderMessage(message: Message, language: Language): string {
  return renderText(
    CATALOGS[language],
    CATALOGS.en,
    language,
    message.key,
    paramValues(message.params, language),
  )
}

/** An AppError's words in `language`. */
function renderWording(wording: Wording, language: Language): Message & { text: string } {
  const message = { key: wording.key, params: wording.params }
  return { ...message, text: renderMessage(message, language) }
}

type Refusal = {
  code: AppErrorCode
  wording: Wording
  errors?: readonly { path: string; wording: Wording }[] | undefined
  details?: ErrorDetails | undefined
}

/** The body of a refusal: `{message, code, key, params, errors?, ...details}`. */
export function errorBody(refusal: Refusal, language: Language): ApiErrorBody {
  const { text, key, params } = renderWording(refusal.wording, language)
  return {
    message: text,
    code: refusal.code,
    key,
    params: bodyParams(params),
    ...(refusal.errors
      ? {
          errors: refusal.errors.map((error) => {
            const field = renderWording(error.wording, language)
            return {
              path: error.path,
              message: field.text,
              key: field.key,
              params: bodyParams(field.params),
            }
          }),
        }
      : {}),
    ...refusal.details,
  }
}

/** An AppError's words in `language`, as its body's `message` has them (the USSD menu's). */
export function renderAppError(error: AppError, language: Language): string {
  return errorBody(error, language).message
}

/** An AppError's body in the language of the request. */
export function appErrorBody(error: AppError, request: FastifyRequest): ApiErrorBody {
  return errorBody(error, requestLanguage(request))
}

function wordingOf(message: Message): Wording {
  return { ...message, english: renderMessage(message, 'en') }
}

/**
 * A refusal sent without an AppError (a 404 of the router, a guard's 403, bad input that failed
 * its schema) in the language of the request.
 */
export function refusalBody(
  request: FastifyRequest,
  code: AppErrorCode,
  message: Message,
  options: { errors?: readonly FieldError[]; details?: ErrorDetails } = {},
): ApiErrorBody {
  const errors = options.errors?.map((error) => ({
    path: error.path,
    wording: wordingOf(error.message),
  }))
  return errorBody(
    { code, wording: wordingOf(message), errors, details: options.details },
    requestLanguage(request),
  )
}

/** Parameters as JSON carries them: amounts as `{decimal, symbol}`, the rest as they are. */
function bodyParams(params: MessageParams): ApiErrorBody['params'] {
  return { ...params }
}
