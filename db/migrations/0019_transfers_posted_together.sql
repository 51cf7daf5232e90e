-- A batch of user-to-user transfers posted together, set-based, when every one of them goes
-- through (ADR 008 "Posted together"), tried before the one-by-one loop.

-- The functions and triggers this migration made now have one current file each in db/functions/
-- (ADR 011), applied after the migrations on every start.
