-- The batch posted together announces its transfers itself, from its plan (ADR 008 "Posted
-- together"): one statement fewer per batch.

-- The functions and triggers this migration made now have one current file each in db/functions/
-- (ADR 011), applied after the migrations on every start.
