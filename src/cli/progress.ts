/**
 * Progress on stderr for checks that take more than a second, only on a terminal. Nothing is
 * printed for fast checks, pipes or JSON consumers reading stdout.
 */
import type { CliIo } from './io.js'

export interface Progress {
  update: (done: number, total: number) => void
  stop: () => void
}

const GIB = 1024 ** 3
const MIB = 1024 ** 2

function bytes(n: number): string {
  return n >= GIB ? `${(n / GIB).toFixed(1)} GiB` : `${(n / MIB).toFixed(0)} MiB`
}

export function startProgress(io: CliIo, label: string, enabled: boolean): Progress {
  if (!enabled || io.stderr.isTTY !== true)
    return { update: () => undefined, stop: () => undefined }
  const t0 = Date.now()
  let last = 0
  let shown = false
  return {
    update(done, total) {
      const now = Date.now()
      if (now - t0 < 1000 || now - last < 100) return
      last = now
      shown = true
      const pct = total > 0 ? Math.floor((done / total) * 100) : 100
      io.stderr.write(`\r${label}: ${bytes(done)} / ${bytes(total)} (${pct}%)   `)
    },
    stop() {
      if (shown) io.stderr.write('\r\x1b[K')
    }
  }
}
