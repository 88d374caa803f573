#!/usr/bin/env node
// The `swr` bin: compiles the bundled CLI (swr.js, beside this file) with a V8 code cache, so a
// start skips most of parsing and compiling half a megabyte of JavaScript. swr starts at every
// agent turn; this is ~25-30 ms of a ~250 ms check on the machine docs/speed.md describes.
//
// A code cache is compiled code, so it is trusted exactly as far as the bundle and no further:
// - it lives in the bundle's own directory (whoever can write it can already rewrite swr.js);
// - it is read only when it is a regular file (never through a link), owned by the bundle's
//   owner and writable by nobody else, and no larger than MAX_CACHE;
// - its header names the bundle it was made from (size, mtime, inode) and the Node that made it
//   (version, arch, flags): anything else is ignored, and V8 checks its own version again;
// - it is written through a new temporary file (created exclusively, so never through a planted
//   link), synced, then renamed into place: a full disk or two concurrent runs never leave a
//   torn cache;
// - only the bundle's owner writes one.
// Failing to read or write a cache only costs speed: the bundle is compiled from source.
// SWR_CODE_CACHE=0 turns it off.
'use strict'
const fs = require('node:fs')
const path = require('node:path')
const vm = require('node:vm')
const { wrap } = require('node:module')

const BUNDLE = path.join(__dirname, 'swr.js')
const CACHE = path.join(__dirname, `swr.js.${process.version}-${process.arch}.v8cache`)
const MAX_CACHE = 64 * 1024 * 1024
const MAX_COMMANDS = 64

function readBundle() {
  const fd = fs.openSync(BUNDLE, 'r')
  try {
    const st = fs.fstatSync(fd)
    return { source: fs.readFileSync(fd, 'utf8'), st }
  } finally {
    fs.closeSync(fd)
  }
}

function keyFor(st) {
  return [process.version, process.arch, process.execArgv.join(' '), st.size, st.mtimeMs, st.ino]
    .map(String)
    .join('\n')
}

/** The cache's header and V8 data, or undefined when there is none this run may trust. */
function readCache(bundle, key) {
  let fd
  try {
    fd = fs.openSync(CACHE, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
    const st = fs.fstatSync(fd)
    if (!st.isFile() || st.uid !== bundle.uid || (st.mode & 0o022) !== 0) return undefined
    if (st.size > MAX_CACHE || st.size < 4) return undefined
    const buf = Buffer.alloc(st.size)
    if (fs.readSync(fd, buf, 0, st.size, 0) !== st.size) return undefined
    const headLen = buf.readUInt32LE(0)
    if (headLen > st.size - 4) return undefined
    const head = JSON.parse(buf.toString('utf8', 4, 4 + headLen))
    if (head.key !== key || !Array.isArray(head.commands)) return undefined
    return { commands: head.commands.slice(0, MAX_COMMANDS), data: buf.subarray(4 + headLen) }
  } catch {
    return undefined
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}

function writeCache(script, key, commands) {
  const head = Buffer.from(JSON.stringify({ key, commands }))
  const len = Buffer.alloc(4)
  len.writeUInt32LE(head.length, 0)
  const tmp = `${CACHE}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
  let fd
  let created = false
  try {
    fd = fs.openSync(tmp, 'wx', 0o644)
    created = true
    fs.writeFileSync(fd, Buffer.concat([len, head, script.createCachedData()]))
    fs.fsyncSync(fd)
    fs.closeSync(fd)
    fd = undefined
    fs.renameSync(tmp, CACHE)
  } catch {
    if (fd !== undefined) fs.closeSync(fd)
    if (created) fs.rmSync(tmp, { force: true })
  }
}

// Which command this run is, for the cache's record of what it covers: the first argument when
// it looks like a command name, else '' (help, version, options first).
const arg = process.argv[2] ?? ''
const command = /^[a-z][a-z0-9-]{0,31}$/.test(arg) ? arg : ''

const bundle = readBundle()
const useCache = process.env.SWR_CODE_CACHE !== '0'
const key = keyFor(bundle.st)
const cached = useCache ? readCache(bundle.st, key) : undefined
const script = new vm.Script(wrap(bundle.source), {
  filename: BUNDLE,
  ...(cached ? { cachedData: cached.data } : {})
})

// A run adds to the cache what it compiled: a first run of `check` after `add` records both.
// Only the bundle's owner writes a cache (another user's would never be read, so it would be
// written again at every run).
const owner = process.getuid?.() === bundle.st.uid
if (
  useCache &&
  owner &&
  (!cached || script.cachedDataRejected || !cached.commands.includes(command))
) {
  const commands = cached && !script.cachedDataRejected ? [...cached.commands, command] : [command]
  process.once('exit', () => writeCache(script, key, commands.slice(-MAX_COMMANDS)))
}

script.runInThisContext()(exports, require, module, BUNDLE, __dirname)
