// Compiled by `npm run typecheck`, never run: it proves that amounts of different assets
// cannot meet in one operation: add(usd, ngn) does not compile (docs/money.md).
import { add, compare, money, subtract } from './money.ts'

const usd = money(100n, 'USD')
const ngn = money(100n, 'NGN')

add(usd, usd)
// @ts-expect-error adding naira to dollars must not compile
add(usd, ngn)
// @ts-expect-error subtracting naira from dollars must not compile
subtract(usd, ngn)
// @ts-expect-error comparing two assets must not compile
compare(ngn, usd)
