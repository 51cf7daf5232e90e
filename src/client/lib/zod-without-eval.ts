// The pages' Content-Security-Policy allows no eval (`script-src 'self'`, src/server/http/app.ts).
// Left alone, zod tries `new Function` to see whether it may compile its object parsers, as each
// object schema is built; the browser refuses and reports a policy violation. Parsing without
// compiling gives the same answers. zod builds its settings on this global object when it first
// loads (`config()` would come too late: the schemas are built as their chunk is evaluated), so
// the entry sets it before any chunk with zod in it runs.
if (!Reflect.has(globalThis, '__zod_globalConfig')) {
  Reflect.set(globalThis, '__zod_globalConfig', { jitless: true })
}
