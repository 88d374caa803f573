/**
 * Reading one probe back: intact, altered (naming each attribute that changed) or lost. Nothing is
 * followed out of place: the probe is lstat'ed, and a link's target is resolved only to learn
 * whether it still leads to the kind of thing it was planted to.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Probe } from './probes.js'

export type Attribute =
  'type' | 'mode' | 'exec-bit' | 'size' | 'content' | 'link-target' | 'dangling' | 'hardlink'

export type ProbeOutcome =
  | { state: 'intact' }
  | { state: 'altered'; attributes: Attribute[]; detail: string }
  | { state: 'lost' }

function kindOf(st: fs.Stats): string {
  if (st.isSymbolicLink()) return 'symlink'
  if (st.isDirectory()) return 'dir'
  if (st.isFile()) return 'file'
  return 'other'
}

function hashFile(abs: string): string {
  const hash = createHash('sha256')
  const fd = fs.openSync(abs, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW)
  try {
    const buf = Buffer.allocUnsafe(1 << 20)
    for (let n; (n = fs.readSync(fd, buf, 0, buf.length, null)) > 0;)
      hash.update(buf.subarray(0, n))
  } finally {
    fs.closeSync(fd)
  }
  return hash.digest('hex')
}

class Findings {
  readonly attributes: Attribute[] = []
  readonly details: string[] = []
  add(a: Attribute, detail: string): void {
    if (!this.attributes.includes(a)) this.attributes.push(a)
    this.details.push(detail)
  }
  outcome(): ProbeOutcome {
    return this.attributes.length === 0
      ? { state: 'intact' }
      : { state: 'altered', attributes: this.attributes, detail: this.details.join('; ') }
  }
}

function checkMode(f: Findings, want: string, st: fs.Stats): void {
  const wantBits = parseInt(want, 8)
  const got = st.mode & 0o7777
  if (got === wantBits) return
  const shown = `mode 0${got.toString(8).padStart(3, '0')} (want ${want})`
  // Losing a wanted exec bit is its own finding: it is what breaks scripts after a restore.
  if ((wantBits & 0o111) !== 0 && (got & wantBits & 0o111) !== (wantBits & 0o111))
    f.add('exec-bit', shown)
  else f.add('mode', shown)
}

function checkContent(f: Findings, abs: string, st: fs.Stats, size: number, digest: string): void {
  if (st.size !== size) {
    f.add('size', `${st.size.toLocaleString('en-US')} bytes (want ${size.toLocaleString('en-US')})`)
    return
  }
  if (hashFile(abs) !== digest) f.add('content', 'same size, different content')
}

function targetKind(abs: string): string | undefined {
  try {
    return kindOf(fs.statSync(abs))
  } catch {
    return undefined
  }
}

/** Compare the probe at `abs` (and a hard link's peer beside it) with what was planted. */
export function inspectProbe(probe: Probe, abs: string): ProbeOutcome {
  const st = fs.lstatSync(abs, { throwIfNoEntry: false })
  const want = probe.expect
  const f = new Findings()
  if (want.type === 'hardlink') {
    const peer = fs.lstatSync(path.join(path.dirname(abs), want.peer), { throwIfNoEntry: false })
    if (!st && !peer) return { state: 'lost' }
    if (!st || !peer) {
      f.add('hardlink', `${!st ? 'first' : 'second'} name lost`)
      return f.outcome()
    }
    if (!st.isFile()) {
      f.add('type', `a ${kindOf(st)} (want file)`)
      return f.outcome()
    }
    if (st.ino !== peer.ino || st.dev !== peer.dev)
      f.add('hardlink', 'the two names are separate files now')
    checkMode(f, want.mode, st)
    checkContent(f, abs, st, want.size, want.sha256)
    return f.outcome()
  }
  if (!st) return { state: 'lost' }
  const expectedKind = want.type
  if (kindOf(st) !== expectedKind) {
    f.add('type', `a ${kindOf(st)} (want ${expectedKind})`)
    return f.outcome()
  }
  switch (want.type) {
    case 'file':
      checkMode(f, want.mode, st)
      checkContent(f, abs, st, want.size, want.sha256)
      break
    case 'dir':
      checkMode(f, want.mode, st)
      break
    case 'symlink': {
      const target = fs.readlinkSync(abs)
      if (target !== want.target) f.add('link-target', `points to ${target} (want ${want.target})`)
      const reached = targetKind(abs)
      if (reached === undefined) f.add('dangling', `${target} does not exist`)
      else if (reached !== want.resolves && target === want.target)
        f.add('link-target', `leads to a ${reached} (want ${want.resolves})`)
      break
    }
  }
  return f.outcome()
}
