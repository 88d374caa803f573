/**
 * Modules of `src/` compiled from the current source into a temporary directory, so another real
 * process runs the same code as the process under test: a second process taking a lock or
 * writing a file (the state modules), or Node 24 running code that needs its runtime (the
 * zstd encoder). TypeScript's own transpiler, one file at a time: the sources already import
 * `.js` names, so the output runs as is.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

const ROOT = path.resolve(import.meta.dirname, '..')
/** The state modules a second process uses; what they import is found by following imports. */
const STATE_ROOTS = [
  'src/core/state/atomic.ts',
  'src/core/state/lock.ts',
  'src/core/state/state-dir.ts'
]

/** `roots` and every module they import by a relative path, as paths relative to ROOT. */
function closure(roots: readonly string[]): string[] {
  const seen = new Set<string>()
  const visit = (rel: string): void => {
    if (seen.has(rel)) return
    seen.add(rel)
    const text = fs.readFileSync(path.join(ROOT, rel), 'utf8')
    for (const m of text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)\.js'/gm))
      visit(path.join(path.dirname(rel), `${m[1]}.ts`))
  }
  roots.forEach(visit)
  return [...seen]
}

/** Compile the state modules below `dir` (compileModules). */
export function compileStateModules(dir: string): string {
  return compileModules(dir, STATE_ROOTS)
}

/**
 * Compile `roots` and what they import below `dir` (its `core/` mirrors `src/core/`); returns
 * `dir`. The output resolves packages through a link to the repository's node_modules.
 */
export function compileModules(dir: string, roots: readonly string[]): string {
  for (const rel of closure(roots)) {
    const src = fs.readFileSync(path.join(ROOT, rel), 'utf8')
    const out = ts.transpileModule(src, {
      compilerOptions: {
        module: ts.ModuleKind.ES2022,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true
      },
      fileName: rel
    }).outputText
    const dest = path.join(dir, rel.replace(/^src\//, '').replace(/\.ts$/, '.js'))
    fs.mkdirSync(path.dirname(dest), { recursive: true })
    fs.writeFileSync(dest, out)
  }
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}\n')
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'))
  return dir
}

export interface Child {
  proc: ChildProcess
  /** Everything the child printed so far (stdout and stderr). */
  output: () => string
  /** Resolves with the first line of stdout that matches. */
  line: (re: RegExp) => Promise<string>
  exited: Promise<number | null>
}

/**
 * Run `code` (an ES module body) as `node --input-type=module` in `cwd`, the compiled modules'
 * dir, with this process's Node or `node`.
 */
export function runModule(
  cwd: string,
  code: string,
  args: string[] = [],
  node = process.execPath
): Child {
  const proc = spawn(node, ['--input-type=module', '-e', code, '--', ...args], {
    cwd,
    env: { PATH: process.env.PATH },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let out = ''
  const waiters: { re: RegExp; resolve: (s: string) => void }[] = []
  const feed = (c: Buffer): void => {
    out += c.toString('utf8')
    for (const w of [...waiters]) {
      const m = out.split('\n').find(l => w.re.test(l))
      if (m !== undefined) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(m)
      }
    }
  }
  proc.stdout.on('data', feed)
  proc.stderr.on('data', feed)
  const exited = new Promise<number | null>(resolve => proc.on('close', code => resolve(code)))
  return {
    proc,
    output: () => out,
    line: re =>
      new Promise<string>((resolve, reject) => {
        waiters.push({ re, resolve })
        feed(Buffer.alloc(0))
        void exited.then(() => reject(new Error(`child exited without ${re}: ${out}`)))
      }),
    exited
  }
}
