import { z } from 'zod'

/** Every error response of the API (docs/api.md "Errors"). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
})
export type ApiErrorBody = z.infer<typeof apiErrorSchema>
