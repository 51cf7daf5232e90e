-- The announcement of a batch's completed transfers, unchanged in what it writes, in PL/pgSQL
-- instead of SQL, so its plan is kept (docs/performance.md "What limits it now").

-- The functions and triggers this migration made now have one current file each in db/functions/
-- (ADR 011), applied after the migrations on every start.
