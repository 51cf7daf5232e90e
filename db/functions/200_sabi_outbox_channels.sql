-- The outside channels an event is delivered to (docs/notifications.md "Delivery"): push to a
-- user with a browser subscribed, e-mail to an address, SMS to a verified number, each as the
-- user's toggle says unless the event is a security alert, which goes by every channel the user
-- has. A user who never saved a setting has the defaults of src/server/settings/user-settings.ts
-- (push and e-mail on, SMS off), which are also the columns' defaults. The dispatcher asks the
-- toggles again before it sends, so a toggle turned off in between still holds.
CREATE OR REPLACE FUNCTION "sabi_outbox_channels"(p_user uuid, p_security boolean) RETURNS SETOF varchar
LANGUAGE sql STABLE AS $$
  SELECT c.channel::varchar FROM "users" u
    LEFT JOIN "user_settings" s ON s."user_id" = u."id"
    CROSS JOIN LATERAL (VALUES
      ('push', (p_security OR coalesce(s."push_notifications", true))
        AND EXISTS (SELECT 1 FROM "push_subscriptions" p WHERE p."user_id" = u."id")),
      ('email', (p_security OR coalesce(s."email_notifications", true)) AND u."email" IS NOT NULL),
      ('sms', (p_security OR coalesce(s."sms_notifications", false)) AND u."phone_verified"
        AND u."phone_number" IS NOT NULL)) AS c(channel, wanted)
  WHERE u."id" = p_user AND c.wanted
$$;
