import type { User } from '#shared/schemas/auth.ts'
import type { UserRow } from './find-user.ts'

/** The user as the API shows it (docs/data-model.md "User"), never the password hash. */
export function toUserResponse(row: UserRow): User {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    email: row.email,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isVerified: row.isVerified,
    phoneNumber: row.phoneNumber,
    phoneVerified: row.phoneVerified,
    country: row.country,
    twoFactorEnabled: row.twoFactorEnabled,
    frozenAt: row.frozenAt?.toISOString() ?? null,
    verificationStatus: row.verificationStatus,
    kycTier: row.kycTier,
    isEmailVerified: row.emailVerifiedAt !== null,
  }
}
