/**
 * A prepaid meter's token as people read it aloud and type it into a meter: groups of four
 * ("1234 5678 9012 3456 7890"), whatever the biller's grouping was. The receipt, the bill's
 * status panel and the notification all write it this way.
 */
export function groupToken(token: string): string {
  const compact = token.replace(/[\s-]+/g, '')
  return compact.match(/.{1,4}/g)?.join(' ') ?? ''
}
