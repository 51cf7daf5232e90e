import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers'
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { defineMessages } from '#client/i18n/i18n.ts'
import errors from '#client/locales/en/errors.json'
import { issueMessage } from '#shared/schemas/issue-message.ts'

/** The errors catalog, which words the shared schemas' issues as it words the server's. */
const useErrorMessages = defineMessages('errors', errors)

/**
 * A form's resolver for a zod schema (zodResolver's job) whose issues may name keys of the
 * errors catalog, as the shared schemas' do (src/shared/schemas/issue-message.ts): such an
 * issue is worded in the language on screen with the values the issue carries (its `minimum`,
 * its `maximum`); any other message (a form's own, already worded) is shown as it is.
 */
export function schemaResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values)
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options)
      return { values: result.data, errors: {} }
    }
    const found: Record<string, FieldError> = {}
    for (const issue of result.error.issues) {
      const path = issue.path.join('.')
      if (found[path]) continue
      const message = issueMessage(issue)
      found[path] = {
        type: issue.code,
        message:
          message.key === 'invalidValue' && issue.message !== 'invalidValue'
            ? issue.message
            : useErrorMessages.t(message.key, { ...message.params } as Record<
                string,
                string | number
              >),
      }
    }
    return { values: {}, errors: toNestErrors(found as FieldErrors, options) }
  }
}
