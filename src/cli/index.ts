#!/usr/bin/env node
// The `swr` bin. Kept to a few lines: main() does the work and returns the exit code; the exit is
// forced here, after the work is done, so stray handles cannot keep the process alive.
import { main } from './main.js'

// A closed pipe (`swr check | head`) ends the output, not the program with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw err
  })
}

main(process.argv).then(
  code => {
    process.exitCode = code
  },
  () => {
    process.exitCode = 2
  }
)
