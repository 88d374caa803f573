/**
 * Recipe output handling: split each stream into lines on its own (stdout and stderr interleave,
 * and a secret must never be cut in two by the other stream), decode UTF-8 across chunk
 * boundaries, and keep a bounded tail measured in bytes, in constant time per line.
 */
import { StringDecoder } from 'node:string_decoder'

/** Feed chunks of one stream; whole lines go to `onLine`; `end` flushes the last partial line. */
export function lineSplitter(
  onLine: (line: string) => void,
  maxLine: number
): { push: (chunk: Buffer) => void; end: () => void } {
  const decoder = new StringDecoder('utf8')
  let partial = ''
  const take = (text: string): void => {
    const lines = (partial + text).split('\n')
    partial = lines.pop() ?? ''
    for (const l of lines) onLine(l)
    if (partial.length > maxLine) {
      onLine(partial)
      partial = ''
    }
  }
  return {
    push: chunk => take(decoder.write(chunk)),
    end: () => {
      take(decoder.end())
      if (partial) onLine(partial)
      partial = ''
    }
  }
}

/** The last `maxBytes` bytes of output, kept as whole lines. */
export function tailKeeper(maxBytes: number): {
  add: (line: string) => void
  text: () => string
  truncated: () => boolean
} {
  const lines: string[] = []
  const sizes: number[] = []
  let head = 0
  let bytes = 0
  let cut = false
  return {
    add(line) {
      let l = line + '\n'
      let n = Buffer.byteLength(l)
      if (n > maxBytes) {
        // One line longer than the whole budget: keep its end.
        l = Buffer.from(l)
          .subarray(n - maxBytes)
          .toString('utf8')
          .replace(/^\uFFFD+/, '')
        n = Buffer.byteLength(l)
        cut = true
      }
      lines.push(l)
      sizes.push(n)
      bytes += n
      while (bytes > maxBytes && head < lines.length) {
        bytes -= sizes[head] ?? 0
        head++
        cut = true
      }
      if (head > 1024 && head * 2 > lines.length) {
        lines.splice(0, head)
        sizes.splice(0, head)
        head = 0
      }
    },
    text: () => lines.slice(head).join(''),
    truncated: () => cut
  }
}
