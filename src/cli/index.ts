#!/usr/bin/env node
// The `swr` bin. Kept to a few lines: main() does the work and returns the exit code; the exit is
// forced here, after the work is done, so stray handles cannot keep the process alive.
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

main(process.argv).then(
  code => {
    process.exitCode = code
  },
  err => {
    process.exitCode = EXIT.INTERNAL
    crash(err)
  }
)
