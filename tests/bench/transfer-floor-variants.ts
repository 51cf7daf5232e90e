/**
 * The variants `transfer-function.ts --floor` measures (docs/performance.md "The floor"): the
 * batch posted together as migrated, then copies of it with the rows a guarantee needs taken
 * away one kind at a time, to show what PostgreSQL spends on the ledger's own writes however
 * little else a transfer did. The copies are for measuring only: without its keys a batch is no
 * longer idempotent, and without its events nobody hears of the money.
 */
export function floorVariants(definition: string): Record<string, string[]> {
  const withoutOutbox = cut(definition, '), events_in AS (', '), keys_in AS (').replace(
    `(SELECT string_agg(e."user_id"::text || ':' || e."position", ',') FROM events_in e)`,
    `''`,
  )
  const withoutKeys = cut(
    withoutOutbox,
    '), keys_in AS (',
    '  SELECT (SELECT count(*) FROM keys_in)',
    ')\n',
  ).replace('SELECT (SELECT count(*) FROM keys_in)', 'SELECT v_count')
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
  const end = text.indexOf(to, start)
  if (start < 0 || end < 0) {
    throw new Error(`the batch function no longer has "${from.trim()}": update the floor variants`)
  }
  return text.slice(0, start) + between + text.slice(end)
}
