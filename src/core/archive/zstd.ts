/**
 * Where swr finds zstd: the system's binary at a fixed path (never one found through PATH, which
 * a workspace can prepend to), else Node's own zstd (Node 22.15+/24), which the Node types this
 * project builds against do not declare yet.
 */
import fs from 'node:fs'
import type { Duplex } from 'node:stream'
import zlib from 'node:zlib'

const ZSTD_PATHS = ['/usr/bin/zstd', '/bin/zstd', '/usr/local/bin/zstd', '/opt/homebrew/bin/zstd']

/** The system's zstd binary, if it has one at a known path. */
export function zstdBinary(): string | undefined {
  return ZSTD_PATHS.find(p => {
    try {
      fs.accessSync(p, fs.constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

/** Node's zstd encoder: `flush(ZSTD_e_end)` ends a frame and the next write begins another. */
export type ZstdEncoder = Duplex & { flush(kind: number, done?: () => void): void }

/** Node's zstd, where this Node has it. */
export const nodeZstd = zlib as typeof zlib & {
  createZstdCompress?: (opts?: {
    chunkSize?: number
    params?: Record<number, number>
  }) => ZstdEncoder
  createZstdDecompress?: (opts?: { chunkSize?: number }) => Duplex
  zstdCompressSync?: (b: Buffer) => Buffer
}
