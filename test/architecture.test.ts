import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/*
 * The shape of the code, read from its imports (docs/architecture.md): no import cycle, type-only imports included
 * (a low-level part such as the context or the event hub names no feature, even by type); no transport importing
 * another, no database access under the web app's screens, no package importing one above it. These three read value
 * imports only: type-only ones (`import type`, `export type`, every name marked `type`) vanish when compiled. Dynamic
 * import() is left out everywhere: it loads on demand and cannot form a cycle at start.
 */

const root = path.resolve(import.meta.dirname, '..')

/** The packages from the bottom up: a package may import only those on a lower level. */
const LEVELS: Record<string, number> = {
  validators: 0,
  storage: 0,
  db: 1,
  auth: 2,
  core: 3,
  api: 4,
  web: 5,
}

interface Module {
  file: string
  /** The package (validators … api, web). */
  pkg: string
  imports: { target: string; specifier: string }[]
  /** The same with the type-only imports. */
  allImports: { target: string; specifier: string }[]
}

const SOURCE = /\.(ts|tsx)$/
const TEST = /\.(test|spec)\.tsx?$|\/testing\.ts$|\/test-setup\.ts$/

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'build' || entry.name.startsWith('.')) continue
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...sourceFiles(full))
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !TEST.test(full)) out.push(full)
  }
  return out
}

/** Each workspace package's exports, specifier → file. */
function packageExports(): Map<string, { pkg: string; file: string }> {
  const map = new Map<string, { pkg: string; file: string }>()
  for (const dir of ['packages/validators', 'packages/storage', 'packages/db', 'packages/auth', 'packages/core', 'packages/api']) {
    const json = JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as { name: string; exports: Record<string, string> | string }
    const exports = typeof json.exports === 'string' ? { '.': json.exports } : json.exports
    for (const [sub, file] of Object.entries(exports)) {
      map.set(sub === '.' ? json.name : `${json.name}/${sub.slice(2)}`, { pkg: path.basename(dir), file: path.join(root, dir, file) })
    }
  }
  return map
}

/** The value imports of a file: import/export … from, and bare `import '…'`, without the type-only ones (or with them). */
function valueSpecifiers(text: string, withTypes = false): string[] {
  const found: string[] = []
  const statement = /(?:^|\n)\s*(import|export)\s+([^;'"]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g
  for (const m of text.matchAll(statement)) {
    if (m[4]) {
      found.push(m[4])
      continue
    }
    const clause = m[2]!.trim()
    if (withTypes) {
      found.push(m[3]!)
      continue
    }
    if (/^type\s/.test(clause)) continue
    const braces = /\{([^}]*)\}/.exec(clause)
    const outside = clause.replace(/\{[^}]*\}/, '').replace(/,/g, '').trim()
    if (braces && !outside) {
      const names = braces[1]!.split(',').map((n) => n.trim()).filter(Boolean)
      if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue
    }
    found.push(m[3]!)
  }
  return found
}

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  }
  return null
}

function packageOf(file: string): string {
  const rel = path.relative(root, file)
  if (rel.startsWith('apps/web/')) return 'web'
  return rel.split(path.sep)[1]!
}

function readModules(): Map<string, Module> {
  const exports = packageExports()
  const files = [
    ...['validators', 'storage', 'db', 'auth', 'core', 'api'].flatMap((p) => sourceFiles(path.join(root, 'packages', p, 'src'))),
    ...sourceFiles(path.join(root, 'apps/web/app')),
    ...sourceFiles(path.join(root, 'apps/web/server')),
  ]
  const modules = new Map<string, Module>()
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8')
    const resolved = (specifiers: string[]) =>
      specifiers.flatMap((specifier) => {
        let target: string | null = null
        if (specifier.startsWith('.')) target = resolveFile(path.resolve(path.dirname(file), specifier))
        else if (specifier.startsWith('@meridian/')) target = exports.get(specifier)?.file ?? null
        return target ? [{ target, specifier }] : []
      })
    modules.set(file, { file, pkg: packageOf(file), imports: resolved(valueSpecifiers(text)), allImports: resolved(valueSpecifiers(text, true)) })
  }
  return modules
}

/** Strongly connected groups of two or more files (Tarjan): each is a cycle of imports, type-only ones included. */
function cycles(modules: Map<string, Module>): string[][] {
  let index = 0
  const indexOf = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (v: string) => {
    indexOf.set(v, index)
    low.set(v, index++)
    stack.push(v)
    onStack.add(v)
    for (const { target } of modules.get(v)?.allImports ?? []) {
      if (!modules.has(target)) continue
      if (!indexOf.has(target)) {
        visit(target)
        low.set(v, Math.min(low.get(v)!, low.get(target)!))
      } else if (onStack.has(target)) low.set(v, Math.min(low.get(v)!, indexOf.get(target)!))
    }
    if (low.get(v) === indexOf.get(v)) {
      const group: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        group.push(w)
      } while (w !== v)
      if (group.length > 1) groups.push(group.map((f) => path.relative(root, f)).sort())
    }
  }
  for (const file of modules.keys()) if (!indexOf.has(file)) visit(file)
  return groups
}

const rel = (file: string) => path.relative(root, file)
const modules = readModules()

describe('architecture', () => {
  it('reads the whole tree', () => {
    expect(modules.size).toBeGreaterThan(500)
    // The reader sees a value import and skips a type-only one.
    const text = "import { a, type B } from './x.ts'\nimport type { C } from './y.ts'\nimport { type D } from './z.ts'"
    expect(valueSpecifiers(text)).toEqual(['./x.ts'])
    expect(valueSpecifiers(text, true)).toEqual(['./x.ts', './y.ts', './z.ts'])
  })

  it('has no import cycle', () => {
    expect(cycles(modules)).toEqual([])
  })

  it('has no package importing one above it', () => {
    const upward: string[] = []
    for (const m of modules.values()) {
      for (const { target, specifier } of m.imports) {
        const to = packageOf(target)
        if (LEVELS[to]! > LEVELS[m.pkg]! || (to !== m.pkg && LEVELS[to] === LEVELS[m.pkg])) upward.push(`${rel(m.file)} → ${specifier}`)
      }
    }
    expect(upward).toEqual([])
  })

  it('has no transport importing another: REST, tRPC and the screens each reach the services below them', () => {
    const transport = (file: string) => {
      const r = rel(file)
      if (r.startsWith('packages/api/src/rest/')) return 'rest'
      if (r.startsWith('packages/api/src/trpc/')) return 'trpc'
      if (r.startsWith('apps/web/app/')) return 'screens'
      return null
    }
    const crossing: string[] = []
    for (const m of modules.values()) {
      const from = transport(m.file)
      if (!from) continue
      for (const { target, specifier } of m.imports) {
        const to: string | null = transport(target) ?? (packageOf(target) === 'api' && from === 'screens' ? 'api' : null)
        if (to && to !== from) crossing.push(`${rel(m.file)} → ${specifier}`)
      }
    }
    expect(crossing).toEqual([])
  })

  it('keeps the database out of the web app’s screens: they call services', () => {
    const reaching = [...modules.values()]
      .filter((m) => rel(m.file).startsWith('apps/web/app/'))
      .flatMap((m) => m.imports.filter((i) => packageOf(i.target) === 'db').map((i) => `${rel(m.file)} → ${i.specifier}`))
    expect(reaching).toEqual([])
  })

  it('keeps the service context and the event hub below every feature, type imports included', () => {
    // What they may name: the context's own parts (the actor, the configuration, the event hub) and the two media
    // interfaces every service context holds. Everything they reach, transitively, is listed; no feature folder.
    const allowed = new Set(['actor.ts', 'context.ts', 'config.ts', 'trust-proxy.ts', 'staff.ts', 'events/hub.ts', 'events/publish.ts', 'media/content-types.ts', 'media/jobs.ts'])
    const seen = new Set<string>()
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      for (const { target } of modules.get(file)?.allImports ?? []) if (packageOf(target) === 'core') visit(target)
    }
    for (const file of ['context.ts', 'events/hub.ts']) visit(path.join(root, 'packages/core/src', file))
    const reached = [...seen].map((f) => path.relative(path.join(root, 'packages/core/src'), f))
    expect(reached).toContain('events/publish.ts')
    expect(reached.filter((f) => !allowed.has(f))).toEqual([])
  })
})
