/**
 * The variants `transfer-function.ts --floor` measures (docs/performance.md "Why the required 0.5
 * is out of reach on this machine"): the batch posted together as migrated, then copies of it
 * with the rows a guarantee needs taken away one kind at a time, to show what PostgreSQL spends
 * on the ledger's own writes however little else a transfer did. The copies are for measuring
 * only: without its keys a batch is no longer idempotent, and without its events nobody hears of
 * the money. Every cut and replacement must find its text: a copy that still named a part it had
 * lost would fail inside its savepoint, and the batch would quietly be measured through the loop.
 */
export function floorVariants(definition: string): Record<string, string[]> {
  const withoutOutbox = replaceOnce(
    cut(definition, '), events_in AS (', '), keys_in AS ('),
    `(SELECT string_agg(e."user_id"::text || ':' || e."position", ',') FROM events_in e)`,
    `''`,
  )
  const withoutKeys = replaceOnce(
    cut(withoutOutbox, '), keys_in AS (', '  SELECT (SELECT count(*) FROM keys_in)', ')\n'),
    'SELECT (SELECT count(*) FROM keys_in)',
    'SELECT v_count',
  )
  const ledgerOnly = cut(withoutKeys, '), usage AS (', '), responses AS (')
  return {
    'as migrated': [definition],
    'without outbox rows': [withoutOutbox],
    'without outbox, keys': [withoutKeys],
    'ledger rows, answers': [ledgerOnly],
  }
}

/** `text` without the part from `from` up to (not including) `to`, which must both be there. */
function cut(text: string, from: string, to: string, between = ''): string {
  const start = text.indexOf(from)
  const end = start < 0 ? -1 : text.indexOf(to, start)
  if (end < 0) throw changed(start < 0 ? from : to)
  return text.slice(0, start) + between + text.slice(end)
}

function replaceOnce(text: string, part: string, by: string): string {
  if (!text.includes(part)) throw changed(part)
  return text.replace(part, by)
}

function changed(part: string): Error {
  return new Error(`the batch function no longer has "${part.trim()}": update the floor variants`)
}
