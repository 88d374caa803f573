/**
 * Streaming one compressed cache archive through decompression into the tar reader, stopping the
 * download as soon as the reader refuses a member or has read the end of the archive. zstd is
 * decoded by Node's zlib where it has it (Node 22.15+/24, the Action's runtime), else by a `zstd`
 * binary at a fixed system path (never one found through PATH, which a workspace can prepend to).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { Duplex, type Readable } from 'node:stream'
import zlib from 'node:zlib'
import type { ArchiveCompression } from '../cache-port.js'
import { Rejected } from './rejected.js'
import { TarReader, type TarHandlers } from './tar-reader.js'

const ZSTD_PATHS = ['/usr/bin/zstd', '/bin/zstd', '/usr/local/bin/zstd', '/opt/homebrew/bin/zstd']

type ZlibWithZstd = typeof zlib & {
  createZstdDecompress?: (opts?: { chunkSize?: number }) => Duplex
}

/**
 * Output chunks of 256 KiB rather than zlib's 16 KiB: a node_modules archive inflates to ~340 MB
 * of tar, and 20,000 chunks' callbacks and reads cost a third more than the decoding itself.
 */
const CHUNK = 256 * 1024

function zstdBinary(): string | undefined {
  return ZSTD_PATHS.find(p => {
    try {
      fs.accessSync(p, fs.constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

function decompressor(compression: ArchiveCompression): Duplex {
  if (compression === 'gzip') return zlib.createGunzip({ chunkSize: CHUNK })
  const native = (zlib as ZlibWithZstd).createZstdDecompress
  if (native) return native({ chunkSize: CHUNK })
  const bin = zstdBinary()
  if (!bin) throw new Rejected('a zstd archive, and neither Node nor the system has zstd')
  const child = spawn(bin, ['-d', '-c', '-q'], { stdio: ['pipe', 'pipe', 'pipe'] })
  let err = ''
  child.stderr.on('data', (c: Buffer) => (err = (err + c.toString('utf8')).slice(-400)))
  const duplex = Duplex.from({ writable: child.stdin, readable: child.stdout })
  child.on('close', code => {
    if (code !== 0 && code !== null)
      duplex.destroy(new Error(err.trim().split('\n').pop() || `zstd exited ${code}`))
  })
  child.stdin.on('error', () => undefined)
  duplex.on('close', () => child.kill())
  return duplex
}

/**
 * Feed `source` (compressed) to a tar reader driving `handlers`. Resolves when the archive ended
 * cleanly; rejects with a Rejected naming why not. The source is destroyed either way.
 */
export async function unpack(
  source: Readable,
  compression: ArchiveCompression,
  handlers: TarHandlers
): Promise<void> {
  const reader = new TarReader(handlers)
  let dec: Duplex | undefined
  let sourceError: Error | undefined
  source.on('error', e => (sourceError = e))
  try {
    dec = decompressor(compression)
    source.pipe(dec)
    for await (const chunk of dec as AsyncIterable<Buffer>) {
      reader.write(chunk)
      if (reader.done) break
      const room = handlers.room?.()
      if (room) await room
    }
    if (!reader.done) {
      if (sourceError) throw new Rejected(`download failed: ${sourceError.message}`)
      reader.finish()
    }
    await handlers.settle?.()
  } catch (err) {
    if (err instanceof Rejected) throw err
    if (sourceError) throw new Rejected(`download failed: ${oneLine(sourceError)}`)
    throw new Rejected(`truncated or corrupt archive (${oneLine(err)})`)
  } finally {
    source.unpipe()
    source.destroy()
    dec?.destroy()
    // Nothing may still be writing into scratch once this returns (the caller removes it).
    await handlers.settle?.().catch(() => undefined)
  }
}

function oneLine(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err)
  return text.split('\n')[0]?.slice(0, 200) ?? ''
}
