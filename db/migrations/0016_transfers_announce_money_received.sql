-- A Sabi transfer tells its recipient that money came (docs/notifications.md "Where events are
-- recorded", ADR 009): the batch function of migration 0014 now writes the "money received"
-- events of its completed transfers in the batch's transaction, so an event exists exactly when
-- its transfer committed, and a refused transfer of the batch announces nothing.

-- The functions and triggers this migration made now have one current file each in db/functions/
-- (ADR 011), applied after the migrations on every start.
