-- The time step of the last TOTP code accepted, so that a code works once (issue 32).
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;
