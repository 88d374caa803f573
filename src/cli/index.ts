#!/usr/bin/env node
// The `swr` bin. Kept to a few lines: main() does the work and returns the exit code; the exit is
// forced here, after the work is done and the output written, so stray handles cannot keep the
// process alive.
import { EXIT } from '../core/index.js'
import { main, reportInternal } from './main.js'

// A closed pipe (`swr check | head`) ends the output, not the program with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw err
  })
}

// Whatever escapes every handler is a bug: one line, EXIT.INTERNAL, never a bare stack with 1 or 2.
const crash = (err: unknown): void => {
  const json = process.argv.includes('--json')
  process.exit(
    reportInternal(err, { env: process.env, stdout: process.stdout, stderr: process.stderr }, json)
  )
}
process.on('uncaughtException', crash)
process.on('unhandledRejection', crash)

/**
 * Exit once stdout and stderr have taken every byte. An explicit exit skips Node's teardown of
 * the heap and the event loop, ~10-15 ms of every run here; waiting for the streams keeps it
 * from cutting output short where a pipe is written asynchronously (macOS). Should a stream
 * never call back, the exit code is set and the process ends when nothing is left to do.
 */
function exitWhenFlushed(code: number): void {
  process.exitCode = code
  let pending = 2
  const flushed = (): void => {
    if (--pending === 0) process.exit(code)
  }
  process.stdout.write('', flushed)
  process.stderr.write('', flushed)
}

main(process.argv).then(
  code => exitWhenFlushed(code),
  err => {
    process.exitCode = EXIT.INTERNAL
    crash(err)
  }
)
