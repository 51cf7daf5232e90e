/**
 * The limits that keep a stolen session or a hijacked recovery from emptying an account
 * (docs/security.md). After a password reset, a phone number added or changed, an e-mail change
 * or a PIN set by reset, outgoing money is held to this much in naira (its value in other
 * currencies), in total...
 */
export const COOLING_OFF_LIMIT_NAIRA = 20_000
/** ...for this many hours. */
export const COOLING_OFF_HOURS = 24
/** A password reset by SMS goes only to a number verified at least this long ago. */
export const SMS_RESET_PHONE_AGE_HOURS = 72
/** How long a "This wasn't me" link in an alert can freeze the account. */
export const FREEZE_LINK_TTL_DAYS = 14
/** How long the code e-mailed to unfreeze an account works. */
export const UNFREEZE_CODE_TTL_MINUTES = 30
