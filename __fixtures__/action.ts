/**
 * The GitHub Action as the runner runs it: `node dist/index.js` in a child process with a clean
 * environment (PATH, HOME, GITHUB_WORKSPACE, RUNNER_TEMP, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY,
 * GITHUB_REPOSITORY, GITHUB_REF and one INPUT_<NAME> per input of action.yml, defaults included),
 * the working directory at the workspace, and the files the runner reads afterwards parsed back:
 * the outputs file (heredoc format), the step summary and the workflow commands on stdout, the
 * latter read the way the runner reads them (nothing between `::stop-commands::TOKEN` and
 * `::TOKEN::` is a command).
 *
 * A repository is a real temporary git repository whose files are committed, so `git ls-files`
 * tracks them. Nothing here mocks anything.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import Ajv04 from 'ajv-draft-04'
import { makeWorkspace, type RunOptions, type Workspace } from './workspace.js'

export const ROOT = path.resolve(import.meta.dirname, '..')
export const ACTION_YML = path.join(ROOT, 'action.yml')
export const ACTION_DIST = path.join(ROOT, 'dist')

export interface NodeRuntime {
  name: string
  bin: string
}

/** The machine's Node: the first `node` on PATH outside any node_modules (as the runner would find it). */
export function machineNode(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || dir.split(path.sep).includes('node_modules')) continue
    const candidate = path.join(dir, 'node')
    try {
      fs.accessSync(candidate, fs.constants.X_OK)
      if (fs.statSync(candidate).isFile()) return fs.realpathSync(candidate)
    } catch {
      // Not here.
    }
  }
  return process.execPath
}

function runtime(label: string, bin: string): NodeRuntime {
  const version = execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim()
  return { name: `${label} ${version}`, bin }
}

/** The runner's node24 (fetched by scripts/ensure-node24.mjs before jest runs) and the machine's Node. */
export const NODES: NodeRuntime[] = [...node24(), runtime('machine node', machineNode())]

/** Node 24 when scripts/ensure-node24.mjs could fetch it for this platform; else none, said once. */
function node24(): NodeRuntime[] {
  const bin = path.join(
    ROOT,
    '.cache',
    'node24',
    'node_modules',
    `node-${process.platform}-${process.arch}`,
    'bin',
    'node'
  )
  try {
    return [runtime('node24', bin)]
  } catch {
    process.stderr.write(
      `note: Node 24 unavailable here (${bin}): Action tests use the machine's Node only\n`
    )
    return []
  }
}

// ---------------------------------------------------------------------------------------------
// action.yml

export interface ActionYml {
  inputs: Map<string, { default: string; description: string }>
  outputs: Map<string, { description: string }>
  runs: { using: string; main: string }
}

function unquote(v: string): string {
  const t = v.trim()
  if (t.startsWith("'") && t.endsWith("'")) return t.slice(1, -1).replace(/''/g, "'")
  if (t.startsWith('"') && t.endsWith('"')) return JSON.parse(t) as string
  return t
}

/**
 * The inputs, outputs and `runs` of action.yml. A small reader for this file's shape only (block
 * maps, one scalar per line): enough to give every input its default as the runner does.
 */
export function readActionYml(file = ACTION_YML): ActionYml {
  const inputs = new Map<string, { default: string; description: string }>()
  const outputs = new Map<string, { description: string }>()
  const runs = { using: '', main: '' }
  let section = ''
  let current: { default: string; description: string } | undefined
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (/^\S/.test(line)) {
      section = line.replace(/:.*$/, '')
      current = undefined
      continue
    }
    const item = /^ {2}([A-Za-z0-9_-]+):\s*(.*)$/.exec(line)
    if (item) {
      const [, name = '', value = ''] = item
      if (section === 'runs') (runs as Record<string, string>)[name] = unquote(value)
      if (section === 'inputs' || section === 'outputs') {
        current = { default: '', description: '' }
        if (section === 'inputs') inputs.set(name, current)
        else outputs.set(name, current)
      }
      continue
    }
    const prop = /^ {4}([a-z]+):\s*(.*)$/.exec(line)
    if (prop && current) {
      const [, key = '', value = ''] = prop
      if (key === 'default') current.default = unquote(value)
      if (key === 'description') current.description = unquote(value)
    }
  }
  return { inputs, outputs, runs }
}

/** The runner's variable name for an input: spaces to underscores, upper case, dashes kept. */
export function inputVar(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`
}

// ---------------------------------------------------------------------------------------------
// A snapshot of the bundle

/**
 * Copy dist/ (the Action's files, not dist/cli) to `dir` once, so a concurrent `npm run bundle`
 * (which deletes and rewrites dist/) cannot pull files from under a running test. The bytes are
 * the committed bundle's.
 */
export function snapshotAction(dir: string): string {
  const out = path.join(dir, 'action', 'dist')
  fs.mkdirSync(out, { recursive: true })
  for (let attempt = 0; ; attempt++) {
    try {
      for (const name of fs.readdirSync(ACTION_DIST)) {
        const src = path.join(ACTION_DIST, name)
        if (fs.statSync(src).isFile()) fs.copyFileSync(src, path.join(out, name))
      }
      if (!fs.existsSync(path.join(out, 'index.js'))) throw new Error('dist/index.js is missing')
      return path.join(out, 'index.js')
    } catch (err) {
      if (attempt >= 40) throw err
      execFileSync('sleep', ['0.25'])
    }
  }
}

// ---------------------------------------------------------------------------------------------
// A repository

export interface ActionRepo extends Workspace {
  /** RUNNER_TEMP. */
  runnerTemp: string
  /** Options for the in-process CLI (`run` from workspace.ts) on this repository. */
  cli: RunOptions & { manifestFile: string }
}

/**
 * A temporary repository: `root` is GITHUB_WORKSPACE (a git repository once `commit` ran),
 * `stateDir` the CLI's private state (no keys unless a test puts some there), `runnerTemp` the
 * runner's temp directory.
 */
export function makeRepo(): ActionRepo {
  const ws = makeWorkspace()
  const runnerTemp = path.join(ws.base, 'runner-temp')
  fs.mkdirSync(runnerTemp)
  return { ...ws, runnerTemp, cli: { ...ws } }
}

function gitEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'swr tests',
    GIT_AUTHOR_EMAIL: 'tests@swr.invalid',
    GIT_COMMITTER_NAME: 'swr tests',
    GIT_COMMITTER_EMAIL: 'tests@swr.invalid'
  }
}

/** `git init` (once) and commit everything in the work tree that .gitignore does not exclude. */
export function commit(repo: Pick<Workspace, 'root' | 'home'>, message = 'fixture'): void {
  const git = (...args: string[]): string =>
    execFileSync('git', args, { cwd: repo.root, env: gitEnv(repo.home), encoding: 'utf8' })
  if (!fs.existsSync(path.join(repo.root, '.git'))) git('init', '-q', '-b', 'main')
  git('add', '-A')
  git('commit', '-q', '--no-gpg-sign', '--allow-empty', '-m', message)
}

/** The files git tracks in `root`. */
export function trackedFiles(repo: Pick<Workspace, 'root' | 'home'>): string[] {
  return execFileSync('git', ['ls-files', '-z'], {
    cwd: repo.root,
    env: gitEnv(repo.home),
    encoding: 'utf8'
  })
    .split('\0')
    .filter(Boolean)
}

// ---------------------------------------------------------------------------------------------
// Running the Action

export interface WorkflowCommand {
  command: string
  props: Record<string, string>
  message: string
  /** 0-based index of the stdout line. */
  line: number
}

export interface ActionRun {
  /** Exit status of the process (the step fails when it is not 0). */
  status: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** Raw text of the GITHUB_OUTPUT file. */
  outputsText: string
  /** Outputs as the runner reads them (a later value of a name wins). */
  outputs: Record<string, string>
  /** Names in the order they were written (duplicates kept). */
  outputNames: string[]
  /** The GITHUB_STEP_SUMMARY file. */
  summary: string
  /** Every `::command::` line on stdout, processed or not. */
  allCommands: WorkflowCommand[]
  /** The commands the runner acts on (outside `::stop-commands::` windows). */
  commands: WorkflowCommand[]
  /** `::stop-commands::` windows as [start line, end line] (end: the resuming line). */
  windows: [number, number][]
  ms: number
}

export interface ActionRunOptions {
  /** Input values by action.yml name; unset inputs get their action.yml default. */
  inputs?: Record<string, string>
  /** GITHUB_REPOSITORY (default owner/repo). */
  repository?: string
  /** GITHUB_REF (default refs/heads/main). */
  ref?: string
  /** Extra environment. */
  env?: Record<string, string>
  timeoutMs?: number
}

let outputsSeq = 0

/** Run the Action's bundle `script` with `node` on `repo`, as a runner step would. */
export function runAction(
  node: string,
  script: string,
  repo: ActionRepo,
  opts: ActionRunOptions = {}
): ActionRun {
  const n = ++outputsSeq
  const outputFile = path.join(repo.runnerTemp, `_output_${n}`)
  const summaryFile = path.join(repo.runnerTemp, `_step_summary_${n}`)
  fs.writeFileSync(outputFile, '')
  fs.writeFileSync(summaryFile, '')
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: repo.home,
    GITHUB_WORKSPACE: repo.root,
    RUNNER_TEMP: repo.runnerTemp,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_REPOSITORY: opts.repository ?? 'owner/repo',
    GITHUB_REF: opts.ref ?? 'refs/heads/main',
    GITHUB_ACTIONS: 'true',
    CI: 'true'
  }
  for (const [name, spec] of readActionYml().inputs) env[inputVar(name)] = spec.default
  for (const [name, value] of Object.entries(opts.inputs ?? {})) env[inputVar(name)] = value
  Object.assign(env, opts.env)
  const started = Date.now()
  const r = spawnSync(node, [script], {
    cwd: repo.root,
    env,
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
    maxBuffer: 64 * 1024 * 1024
  })
  const ms = Date.now() - started
  if (r.error) throw r.error
  const outputsText = fs.readFileSync(outputFile, 'utf8')
  const parsed = parseOutputs(outputsText)
  const { all, processed, windows } = parseCommands(r.stdout)
  return {
    status: r.status,
    signal: r.signal,
    stdout: r.stdout,
    stderr: r.stderr,
    outputsText,
    outputs: parsed.values,
    outputNames: parsed.names,
    summary: fs.readFileSync(summaryFile, 'utf8'),
    allCommands: all,
    commands: processed,
    windows,
    ms
  }
}

/** Parse a GITHUB_OUTPUT file: `name<<DELIMITER\nvalue\nDELIMITER` blocks (and `name=value`). */
export function parseOutputs(text: string): { values: Record<string, string>; names: string[] } {
  const values: Record<string, string> = {}
  const names: string[] = []
  const lines = text.split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    if (line === '') continue
    const heredoc = /^([^=]+?)<<(.+)$/.exec(line)
    if (heredoc) {
      const [, name = '', delimiter = ''] = heredoc
      const value: string[] = []
      i++
      while (i < lines.length && lines[i] !== delimiter) value.push(lines[i++] ?? '')
      if (i >= lines.length) throw new Error(`output ${name}: delimiter ${delimiter} never closes`)
      values[name] = value.join('\n')
      names.push(name)
      continue
    }
    const eq = line.indexOf('=')
    if (eq <= 0) throw new Error(`GITHUB_OUTPUT line ${i + 1} is neither name=value nor heredoc`)
    values[line.slice(0, eq)] = line.slice(eq + 1)
    names.push(line.slice(0, eq))
  }
  return { values, names }
}

function unescapeData(s: string): string {
  return s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
}

function unescapeProperty(s: string): string {
  return s
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',')
    .replace(/%25/g, '%')
}

/** One stdout line as a workflow command (`::name k=v,k=v::message`), or undefined. */
export function parseCommand(raw: string, line: number): WorkflowCommand | undefined {
  const s = raw.trimStart()
  if (!s.startsWith('::')) return undefined
  const end = s.indexOf('::', 2)
  if (end < 0) return undefined
  const head = s.slice(2, end)
  const space = head.indexOf(' ')
  const command = space < 0 ? head : head.slice(0, space)
  if (!command) return undefined
  const props: Record<string, string> = {}
  if (space >= 0) {
    for (const kv of head.slice(space + 1).split(',')) {
      const eq = kv.indexOf('=')
      if (eq > 0) props[kv.slice(0, eq).trim()] = unescapeProperty(kv.slice(eq + 1))
    }
  }
  return { command, props, message: unescapeData(s.slice(end + 2)), line }
}

/**
 * Every workflow command on stdout, and the ones the runner processes: after
 * `::stop-commands::TOKEN` nothing is a command until a line `::TOKEN::`.
 */
export function parseCommands(stdout: string): {
  all: WorkflowCommand[]
  processed: WorkflowCommand[]
  windows: [number, number][]
} {
  const all: WorkflowCommand[] = []
  const processed: WorkflowCommand[] = []
  const windows: [number, number][] = []
  let stopToken: string | undefined
  let stoppedAt = -1
  stdout.split(/\r?\n/).forEach((raw, i) => {
    const cmd = parseCommand(raw, i)
    if (cmd) all.push(cmd)
    if (stopToken !== undefined) {
      if (cmd && cmd.command === stopToken) {
        windows.push([stoppedAt, i])
        stopToken = undefined
      }
      return
    }
    if (!cmd) return
    if (cmd.command === 'stop-commands') {
      stopToken = cmd.message
      stoppedAt = i
      return
    }
    processed.push(cmd)
  })
  if (stopToken !== undefined) windows.push([stoppedAt, Number.POSITIVE_INFINITY])
  return { all, processed, windows }
}

/** Single-quote `s` for a POSIX shell. */
export function q(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`
}

/**
 * Entry id -> the 1-based line of the `{` that opens the entry in a manifest as the CLI writes it
 * (two-space JSON, one key per line). Found from the text alone, independently of swr's parser.
 */
export function declarationLines(manifestFile: string): Map<string, number> {
  const lines = fs.readFileSync(manifestFile, 'utf8').split('\n')
  const doc = JSON.parse(lines.join('\n')) as { body: { entries: { id: string }[] } }
  const out = new Map<string, number>()
  for (const { id } of doc.body.entries) {
    const at = lines.findIndex(l => l.trim().replace(/,$/, '') === `"id": ${JSON.stringify(id)}`)
    if (at < 0) throw new Error(`entry ${id}: no "id" line in ${manifestFile}`)
    let open = at - 1
    while (open >= 0 && (lines[open] ?? '').trim() !== '{') open--
    if (open < 0) throw new Error(`entry ${id}: no opening brace above line ${at + 1}`)
    out.set(id, open + 1)
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// SARIF 2.1.0

export const SARIF_SCHEMA = path.join(
  ROOT,
  'node_modules',
  '@microsoft',
  'jest-sarif',
  'lib',
  'schemas',
  'sarif-2.1.0-rtm.5.json'
)

/**
 * A validator for SARIF 2.1.0 (the draft-04 schema shipped with @microsoft/jest-sarif). The three
 * formats it uses are checked with simple patterns (ajv-formats is not installed). Returns the
 * problems, empty when the document is valid.
 */
export function sarifValidator(): (doc: unknown) => string[] {
  // The schema has a pattern that is invalid with the `u` flag (`...{2}]?$`): plain RegExp.
  const ajv = new Ajv04.default({ allErrors: true, strict: false, unicodeRegExp: false })
  ajv.addFormat('uri', /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/)
  ajv.addFormat('uri-reference', /^[^\s]*$/)
  ajv.addFormat('date-time', (s: string) =>
    /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(s)
  )
  const validate = ajv.compile(JSON.parse(fs.readFileSync(SARIF_SCHEMA, 'utf8')) as object)
  return doc =>
    validate(doc)
      ? []
      : (validate.errors ?? []).map(e => `${e.instancePath || '/'} ${e.message ?? ''}`)
}
