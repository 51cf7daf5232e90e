import { declineRequestSchema } from '#shared/schemas/ops.ts'
import { OPS_TEXT } from './messages.ts'

/**
 * Why a typed reason or note cannot be sent, or null: the contract's one rule for every reason
 * (3 to 500 characters once trimmed), read from the shared schema rather than copied.
 */
export function reasonProblem(text: string): string | null {
  const result = declineRequestSchema.shape.note.safeParse(text)
  if (result.success) return null
  return result.error.issues.some((issue) => issue.code === 'too_big')
    ? OPS_TEXT.reasonTooLong
    : OPS_TEXT.reasonRequired
}
