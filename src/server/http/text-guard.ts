import type { FastifyRequest } from 'fastify'
import { AppError, msg } from '#shared/errors.ts'

/** How many values one request may carry before it is refused outright (a body is 64 KB). */
const MAX_VALUES = 20_000

/**
 * Text PostgreSQL cannot store: a NUL byte (no text column holds one) or a lone UTF-16
 * surrogate (not Unicode, so neither UTF-8 nor JSON can hold it; it would be silently replaced
 * or refused by the database).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

function isStorableText(text: string): boolean {
  return !text.includes(String.fromCharCode(0)) && !LONE_SURROGATE.test(text)
}

function refuse(path: string): never {
  const message = msg('textNotContainNul')
  throw new AppError('VALIDATION_FAILED', message, [{ path, message }])
}

/**
 * Walks a parsed body, query or path parameters without recursion (a 64 KB body can nest
 * thousands of levels deep) and refuses the request at the first string, key or value, that
 * the database could not store. One guard for every route, so no free-text field can reach a
 * query with such text (docs/security.md "Input").
 */
function checkValue(root: unknown, rootPath: string): void {
  const stack: { value: unknown; path: string }[] = [{ value: root, path: rootPath }]
  let seen = 0
  while (stack.length > 0) {
    const item = stack.pop()
    if (!item) break
    seen += 1
    if (seen > MAX_VALUES) {
      throw new AppError('VALIDATION_FAILED', msg('requestHasTooMany'))
    }
    const { value, path } = item
    if (typeof value === 'string') {
      if (!isStorableText(value)) refuse(path)
    } else if (Array.isArray(value)) {
      value.forEach((entry, index) => {
        stack.push({ value: entry, path: `${path}.${index}` })
      })
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, entry] of Object.entries(value)) {
        if (!isStorableText(key)) refuse(path)
        stack.push({ value: entry, path: path ? `${path}.${key}` : key })
      }
    }
  }
}

/** A preValidation hook: refuses unstorable text anywhere in the request's input. */
export async function refuseUnstorableText(request: FastifyRequest) {
  checkValue(request.params, '')
  checkValue(request.query, '')
  checkValue(request.body, '')
}
