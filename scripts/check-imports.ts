import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'

/**
 * Part of `npm run lint` (ADR 012): imports point down.
 *
 * - Server: the folders of src/server (each file at its top level counts as a unit of its own)
 *   form no import loop, so each folder can be read knowing only the folders below it.
 * - Client: `pages/` and `shell/` (the app's frame) compose the features; a feature imports no
 *   other feature, nor the frame or a page; entities/, lib/ and components/ import no feature:
 *   what two features share (wallets, transactions, settings, the user, recipients, limits,
 *   payment requests, rates, banks) lives below them.
 * - The operations console (`ops/`) is imported by the entry (`main.tsx`) only, and imports no
 *   feature, page, frame or the customer app.
 *
 * Prints each problem on a line of its own and exits 1 if there is any.
 */

const ALIASES: [string, string][] = [
  ['#server/', 'src/server/'],
  ['#shared/', 'src/shared/'],
  ['#client/', 'src/client/'],
]
// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`.
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

/** The repository path an import specifier names, or undefined for a package. */
function resolveSpecifier(specifier: string, from: string): string | undefined {
  for (const [alias, folder] of ALIASES) {
    if (specifier.startsWith(alias)) return folder + specifier.slice(alias.length)
  }
  return specifier.startsWith('.') ? normalize(join(dirname(from), specifier)) : undefined
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(IMPORT)].flatMap((match) => {
    const target = resolveSpecifier(match[1] ?? match[2] ?? match[3] ?? '', file)
    return target ? [target] : []
  })
}

/** The first path segment below `root`: a folder, or a top-level file. */
function unitOf(path: string, root: string): string {
  return relative(root, path).split('/')[0] ?? ''
}

/** One loop per strongly connected group of units (Tarjan), as the units it holds. */
function loops(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let next = 0
  const visit = (node: string): void => {
    index.set(node, next)
    low.set(node, next)
    next += 1
    stack.push(node)
    onStack.add(node)
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0))
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const group: string[] = []
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member)
      group.push(member)
      if (member === node) break
    }
    if (group.length > 1) found.push(group.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

function serverProblems(): string[] {
  const root = 'src/server'
  const graph = new Map<string, Set<string>>()
  const edges = new Map<string, string[]>()
  for (const file of sourceFiles(root)) {
    const from = unitOf(file, root)
    for (const target of importsOf(file)) {
      if (!target.startsWith(`${root}/`)) continue
      const to = unitOf(target, root)
      if (to === from) continue
      graph.set(from, (graph.get(from) ?? new Set()).add(to))
      edges.set(`${from} ${to}`, [...(edges.get(`${from} ${to}`) ?? []), `${file} -> ${target}`])
    }
  }
  return loops(graph).map((group) => {
    const inside = [...edges]
      .filter(
        ([pair]) =>
          group.includes(pair.split(' ')[0] ?? '') && group.includes(pair.split(' ')[1] ?? ''),
      )
      .map(([, list]) => `    ${list[0]}`)
    return `server folders import each other in a loop: ${group.join(', ')}\n${inside.join('\n')}`
  })
}

function clientViolations(): string[] {
  const root = 'src/client'
  const violations: string[] = []
  for (const file of sourceFiles(root)) {
    const [layer, feature] = relative(root, file).split('/')
    for (const target of importsOf(file)) {
      if (!target.startsWith(`${root}/`)) continue
      const [targetLayer, targetFeature] = relative(root, target).split('/')
      const below = layer === 'lib' || layer === 'components' || layer === 'entities'
      // The app's frame and its pages compose the features: nothing under them imports them.
      const intoFrame = targetLayer === 'shell' || targetLayer === 'pages'
      if (intoFrame && (below || layer === 'features')) violations.push(`${file} -> ${target}`)
      // The operations console (ops/) is loaded by the entry alone, so no customer chunk holds a
      // byte of it; it builds on what lies below the features, never on the customer app.
      const intoConsole = targetLayer === 'ops' && layer !== 'ops' && layer !== 'main.tsx'
      const consoleIntoApp =
        layer === 'ops' && ['features', 'pages', 'shell', 'app.tsx'].includes(targetLayer ?? '')
      if (intoConsole || consoleIntoApp) violations.push(`${file} -> ${target}`)
      if (targetLayer !== 'features') continue
      const crossFeature = layer === 'features' && feature !== targetFeature
      if (crossFeature || below) violations.push(`${file} -> ${target}`)
    }
  }
  return [...new Set(violations)].sort()
}

const problems = [
  ...serverProblems(),
  ...clientViolations().map(
    (line) =>
      `client import against the layers (pages and shell → features → entities, lib, components; ops/ from main.tsx only): ${line}`,
  ),
]
for (const problem of problems) console.log(problem)
if (problems.length > 0) process.exit(1)
