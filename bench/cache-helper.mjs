#!/usr/bin/env node
/**
 * The `gate` workload's helper, run as its own process so the bench's synchronous timing loop
 * cannot stall it:
 *
 *   cache-helper.mjs serve <env-file>        the loopback cache service (__fixtures__/cache-server.ts,
 *                                            transpiled once to bench/.work/); writes its
 *                                            environment as JSON to <env-file> (and the directory
 *                                            holding its blobs to <env-file>.base), serves until killed
 *   cache-helper.mjs save <key> <path...>    @actions/cache saveCache, as an actions/cache step does
 *   cache-helper.mjs restore <key> <path...> @actions/cache restoreCache (exit 1 on a miss)
 *   cache-helper.mjs save-each <prefix> <path...>   each path saved alone, under <prefix><n> (n from 0)
 *
 * save and restore take the service's environment (and GITHUB_WORKSPACE, the directory tar is run
 * in) from the caller; the client's own output is swallowed. Imported, it offers startCacheService
 * (the service in a child process, for the benches' synchronous timing loops).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const COMPILED = path.join(ROOT, 'bench', '.work', 'cache-server.mjs')

async function serve(envFile) {
  const src = path.join(ROOT, '__fixtures__', 'cache-server.ts')
  if (!fs.existsSync(COMPILED) || fs.statSync(COMPILED).mtimeMs < fs.statSync(src).mtimeMs) {
    const ts = (await import('typescript')).default
    const out = ts.transpileModule(fs.readFileSync(src, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 }
    })
    fs.mkdirSync(path.dirname(COMPILED), { recursive: true })
    fs.writeFileSync(COMPILED, out.outputText)
  }
  const { startCacheServer } = await import(pathToFileURL(COMPILED).href)
  const server = await startCacheServer()
  const stop = () => server.close().then(() => process.exit(0))
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
  // The blobs' directory first: the env file's appearance is the caller's signal.
  fs.writeFileSync(`${envFile}.base`, server.base)
  fs.writeFileSync(envFile, JSON.stringify(server.env))
}

async function client(op, key, paths) {
  const cache = await import('@actions/cache')
  const write = process.stdout.write.bind(process.stdout)
  process.stdout.write = () => true
  try {
    if (op === 'save') return (await cache.saveCache(paths, key)) !== -1
    if (op === 'save-each') {
      // One process for many saves: a process per save would cost more than the saves.
      for (const [i, p] of paths.entries())
        if ((await cache.saveCache([p], `${key}${i}`)) === -1) return false
      return true
    }
    return (await cache.restoreCache(paths, key)) === key
  } finally {
    process.stdout.write = write
  }
}

/**
 * The loopback cache service in its own process (so a synchronous timing loop cannot stall it),
 * its environment file kept in `dir`; returns the environment, the directory holding its blobs,
 * and a stop function. Throws when it does not start within 30 s.
 */
export function startCacheService(dir) {
  const envFile = path.join(dir, 'service-env.json')
  fs.rmSync(envFile, { force: true })
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve', envFile], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: false
  })
  for (let i = 0; i < 300 && !fs.existsSync(envFile); i++)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100)
  if (!fs.existsSync(envFile)) {
    child.kill()
    throw new Error('the loopback cache service did not start (bench/cache-helper.mjs serve)')
  }
  const env = JSON.parse(fs.readFileSync(envFile, 'utf8'))
  const base = fs.readFileSync(`${envFile}.base`, 'utf8')
  return { env, base, stop: () => child.kill('SIGTERM') }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [op, ...rest] = process.argv.slice(2)
  if (op === 'serve') await serve(rest[0])
  else if (op === 'save' || op === 'restore' || op === 'save-each') {
    const [key, ...paths] = rest
    const ok = await client(op, key, paths)
    if (!ok) process.stderr.write(`cache-helper: ${op} of ${key} failed\n`)
    process.exitCode = ok ? 0 : 1
  } else {
    process.stderr.write(
      'usage: cache-helper.mjs serve <env-file> | save|restore <key> <path...> | save-each <prefix> <path...>\n'
    )
    process.exitCode = 2
  }
}
