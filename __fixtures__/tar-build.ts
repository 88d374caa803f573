/**
 * Hand-built tar archives for tests: hostile ones (absolute and `..` names, links that escape,
 * device nodes, bombs) that no well-behaved tar writes, compressed with the system zstd the way
 * the cache client stores them, so a test can plant them in the loopback cache service.
 */
import { execFileSync } from 'node:child_process'

export type TarMember =
  | { name: string; type?: 'file'; data?: Buffer | string; mode?: number; size?: number }
  | { name: string; type: 'dir'; mode?: number }
  | { name: string; type: 'symlink' | 'hardlink'; target: string; mode?: number }
  | { name: string; type: 'char' | 'fifo' }
  /** A raw extended header (pax `x`/`g`, GNU long name `L` or link `K`) with the given body. */
  | { name: string; type: 'meta'; flag: 'x' | 'g' | 'L' | 'K'; body: Buffer | string }

const FLAGS = { file: '0', hardlink: '1', symlink: '2', char: '3', dir: '5', fifo: '6' } as const

function field(h: Buffer, at: number, len: number, text: string): void {
  h.write(text, at, len, 'utf8')
}

function num(h: Buffer, at: number, len: number, n: number): void {
  field(h, at, len, n.toString(8).padStart(len - 1, '0') + '\0')
}

function header(name: string, flag: string, size: number, mode: number, link = ''): Buffer {
  const h = Buffer.alloc(512)
  field(h, 0, 100, name)
  num(h, 100, 8, mode)
  num(h, 108, 8, 0)
  num(h, 116, 8, 0)
  num(h, 124, 12, size)
  num(h, 136, 12, 1_700_000_000)
  field(h, 156, 1, flag)
  field(h, 157, 100, link)
  field(h, 257, 6, 'ustar\0')
  field(h, 263, 2, '00')
  h.fill(0x20, 148, 156)
  let sum = 0
  for (const b of h) sum += b
  field(h, 148, 8, sum.toString(8).padStart(6, '0') + '\0 ')
  return h
}

function pad(n: number): Buffer {
  return Buffer.alloc((512 - (n % 512)) % 512)
}

/** One pax record, `<length> <key>=<value>\n`, its length counting itself. */
export function paxRecord(k: string, v: string): string {
  const body = ` ${k}=${v}\n`
  let len = Buffer.byteLength(body) + 1
  while (String(len).length + Buffer.byteLength(body) !== len) len++
  return `${len}${body}`
}

/** A pax header carrying `path` (and `linkpath`) for names over 100 bytes. */
function paxFor(name: string, link: string): Buffer[] {
  if (Buffer.byteLength(name) < 100 && Buffer.byteLength(link) < 100) return []
  const rec = paxRecord
  const text = Buffer.from(rec('path', name) + (link ? rec('linkpath', link) : ''))
  return [header('PaxHeader', 'x', text.length, 0o644), text, pad(text.length)]
}

/** The uncompressed archive; `truncateAt` cuts it (bytes), `noEnd` leaves out the end blocks. */
export function tarBytes(members: TarMember[], opts: { noEnd?: boolean } = {}): Buffer {
  const parts: Buffer[] = []
  for (const m of members) {
    const type = m.type ?? 'file'
    const link = 'target' in m ? m.target : ''
    parts.push(...paxFor(m.name, link))
    const short = m.name.slice(0, 99)
    if (m.type === 'meta') {
      const body = Buffer.from(m.body)
      parts.push(header(short, m.flag, body.length, 0o644), body, pad(body.length))
    } else if (type === 'file') {
      const f = m as { data?: Buffer | string; mode?: number; size?: number }
      const data = Buffer.from(f.data ?? '')
      const size = f.size ?? data.length
      parts.push(header(short, FLAGS.file, size, f.mode ?? 0o644), data, pad(data.length))
    } else if (type === 'dir') {
      parts.push(header(short, FLAGS.dir, 0, (m as { mode?: number }).mode ?? 0o755))
    } else {
      const mode = (m as { mode?: number }).mode ?? 0o777
      parts.push(header(short, FLAGS[type as keyof typeof FLAGS], 0, mode, link.slice(0, 99)))
    }
  }
  if (!opts.noEnd) parts.push(Buffer.alloc(1024))
  return Buffer.concat(parts)
}

/** zstd as the cache client stores it (the system zstd; Node 20 has none in zlib). */
export function zstd(bytes: Buffer): Buffer {
  return execFileSync('zstd', ['-q', '-c', '-3'], { input: bytes, maxBuffer: 1 << 30 })
}

export function tarZst(members: TarMember[], opts: { noEnd?: boolean } = {}): Buffer {
  return zstd(tarBytes(members, opts))
}
