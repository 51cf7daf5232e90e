/**
 * Text with amounts written as digits and a currency or coin code ("0.00222222 BTC",
 * "USD 150.00"), with the space between each amount and its code made non-breaking, so that a
 * line never ends between them (docs/screens.md "Display rules": an amount never wraps). The
 * one amount formatter already writes its own spaces so; this is for sentences that put a code
 * beside an amount through a catalog's words.
 */
export function joinAmountCodes(text: string): string {
  return text
    .replace(/(\d) (?=[A-Z]{3,5}\b)/g, '$1\u00a0')
    .replace(/\b([A-Z]{3,5}) (?=[-+−]?\d)/g, '$1\u00a0')
}
