/**
 * Probe classes: each one asks a different question of whatever keeps (or drops) files between
 * runs. Does it keep exec bits? Private modes? Symlinks, to files and to directories? Empty
 * directories? Hard links as links? 255-byte and non-ASCII names? Dotfiles? Files above a size
 * cap? A probe records everything it expects, so a read names the attribute that changed.
 *
 * Every probe is created exclusively (O_EXCL, never following a link): planting never replaces a
 * file, and names carry the planting's random id so they cannot meet a user's file by chance.
 */
import { createCipheriv, createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Anchored } from './anchor.js'
import { asWriteError, writeAll } from '../state/atomic.js'

export const PROBE_CLASSES = [
  'stamp',
  'script',
  'private',
  'symlink',
  'dirlink',
  'emptydir',
  'hardlink',
  'longname',
  'unicode',
  'dotfile',
  'large'
] as const
export type ProbeClass = (typeof PROBE_CLASSES)[number]

export const CLASS_QUESTION: Record<ProbeClass, string> = {
  stamp: 'small file with a random stamp',
  script: 'executable script (0755)',
  private: 'private file (0600)',
  symlink: 'relative symlink to a file',
  dirlink: 'symlink to a directory',
  emptydir: 'empty directory',
  hardlink: 'hard-link pair',
  longname: 'file name of 255 bytes',
  unicode: 'non-ASCII file name',
  dotfile: 'dotfile',
  large: 'large file (size caps)'
}

/** What a probe must still be. Modes are octal strings as in manifests ("0755"). */
export type ProbeExpect =
  | { type: 'file'; mode: string; size: number; sha256: string }
  | { type: 'dir'; mode: string }
  | { type: 'symlink'; target: string; resolves: 'file' | 'dir' }
  | { type: 'hardlink'; mode: string; size: number; sha256: string; peer: string }

export interface Probe {
  class: ProbeClass
  /** Location id (see locations.ts). */
  location: string
  /** The probe itself; for a hard-link pair, its first name. */
  path: Anchored
  expect: ProbeExpect
}

/** The bytes names may use, so a 255-byte name fits every common file system's limit exactly. */
export const NAME_MAX = 255

export function probeName(plantId: string, cls: ProbeClass): string {
  const base = `swr-canary-${plantId}-${cls}`
  switch (cls) {
    case 'dotfile':
      return `.${base}`
    case 'unicode':
      // NFC on purpose: a store that normalises to NFD changes the name, which reads as lost.
      return `${base}-\u00fcn\u00efc\u00f8d\u00e9-\u540d\u524d-\u{1f424}`.normalize('NFC')
    case 'longname':
      return base + '-' + 'l'.repeat(NAME_MAX - Buffer.byteLength(base) - 1)
    case 'hardlink':
      return `${base}-a`
    default:
      return base
  }
}

export function hardlinkPeerName(plantId: string): string {
  return `swr-canary-${plantId}-hardlink-b`
}

function octal(mode: number): string {
  return '0' + (mode & 0o7777).toString(8).padStart(3, '0')
}

export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex')
}

const CREATE =
  fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_NOFOLLOW

/**
 * Open a new probe file exclusively and count it as created at once: a write that fails after
 * the open (a full disk) must still be undone.
 */
function openProbe(abs: string, mode: number, created: string[]): number {
  const fd = fs.openSync(abs, CREATE, mode)
  created.push(abs)
  return fd
}

/** Create `abs` exclusively with exactly `mode` (fchmod, so the umask cannot narrow it). */
function createFile(abs: string, data: Uint8Array, mode: number, created: string[]): void {
  const fd = openProbe(abs, mode, created)
  try {
    writeAll(fd, data)
    fs.fchmodSync(fd, mode)
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * Incompressible bytes, streamed: a cache that compresses would otherwise store 64 MiB of zeros
 * in a few kilobytes and never meet its size cap. AES-CTR keystream under a random key is fast
 * and needs no buffer of the whole size.
 */
function createLarge(abs: string, size: number, created: string[]): string {
  const cipher = createCipheriv('aes-256-ctr', randomBytes(32), randomBytes(16))
  const hash = createHash('sha256')
  const zero = Buffer.alloc(1 << 20)
  const fd = openProbe(abs, 0o644, created)
  try {
    for (let left = size; left > 0;) {
      const n = Math.min(left, zero.length)
      const chunk = cipher.update(zero.subarray(0, n))
      writeAll(fd, chunk)
      hash.update(chunk)
      left -= n
    }
    fs.fchmodSync(fd, 0o644)
  } finally {
    fs.closeSync(fd)
  }
  return hash.digest('hex')
}

function stampText(plantId: string, cls: ProbeClass): Buffer {
  return Buffer.from(`swr canary ${plantId} ${cls} ${randomBytes(12).toString('hex')}\n`)
}

export interface PlantContext {
  plantId: string
  /** Absolute directory to plant in (exists). */
  dir: string
  largeBytes: number
  /** Every path created, in creation order, so a failed planting can be undone. */
  created: string[]
}

/**
 * Plant one probe of `cls` in `ctx.dir`; returns its expectation, with paths relative to the
 * directory (the caller anchors them). Throws on EEXIST and every other failure; a disk error
 * (full, quota, I/O) as the one line naming the probe that every write of swr gives (exit 74).
 */
export function plantProbe(
  cls: ProbeClass,
  ctx: PlantContext
): { name: string; expect: ProbeExpect } {
  const abs = path.join(ctx.dir, probeName(ctx.plantId, cls))
  try {
    return plantOne(cls, ctx)
  } catch (err) {
    throw asWriteError(err, abs)
  }
}

function plantOne(cls: ProbeClass, ctx: PlantContext): { name: string; expect: ProbeExpect } {
  const name = probeName(ctx.plantId, cls)
  const abs = path.join(ctx.dir, name)
  const file = (data: Buffer, mode: number): ProbeExpect => {
    createFile(abs, data, mode, ctx.created)
    return { type: 'file', mode: octal(mode), size: data.length, sha256: sha256(data) }
  }
  switch (cls) {
    case 'script': {
      const body = `#!/bin/sh\n# swr canary ${ctx.plantId}\necho ${randomBytes(8).toString('hex')}\n`
      return { name, expect: file(Buffer.from(body), 0o755) }
    }
    case 'private':
      return { name, expect: file(stampText(ctx.plantId, cls), 0o600) }
    case 'stamp':
    case 'longname':
    case 'unicode':
    case 'dotfile':
      return { name, expect: file(stampText(ctx.plantId, cls), 0o644) }
    case 'large': {
      const digest = createLarge(abs, ctx.largeBytes, ctx.created)
      return { name, expect: { type: 'file', mode: '0644', size: ctx.largeBytes, sha256: digest } }
    }
    case 'emptydir':
      fs.mkdirSync(abs, { mode: 0o755 })
      ctx.created.push(abs)
      fs.chmodSync(abs, 0o755)
      return { name, expect: { type: 'dir', mode: '0755' } }
    case 'symlink':
    case 'dirlink': {
      // Relative targets: an absolute one would point back at the old machine after a move.
      const target =
        cls === 'symlink' ? probeName(ctx.plantId, 'stamp') : probeName(ctx.plantId, 'emptydir')
      fs.symlinkSync(target, abs)
      ctx.created.push(abs)
      return {
        name,
        expect: { type: 'symlink', target, resolves: cls === 'symlink' ? 'file' : 'dir' }
      }
    }
    case 'hardlink': {
      const data = stampText(ctx.plantId, cls)
      createFile(abs, data, 0o644, ctx.created)
      const peer = hardlinkPeerName(ctx.plantId)
      fs.linkSync(abs, path.join(ctx.dir, peer))
      ctx.created.push(path.join(ctx.dir, peer))
      return {
        name,
        expect: { type: 'hardlink', mode: '0644', size: data.length, sha256: sha256(data), peer }
      }
    }
  }
}

/** Links need their targets first: plant in this order. */
export function plantingOrder(classes: readonly ProbeClass[]): ProbeClass[] {
  const rank = (c: ProbeClass): number => (c === 'symlink' || c === 'dirlink' ? 1 : 0)
  return [...classes].sort((a, b) => rank(a) - rank(b))
}
