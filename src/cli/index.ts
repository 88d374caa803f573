#!/usr/bin/env node
// The `swr` bin. Kept to a few lines: main() does the work and returns the exit code; the exit is
// forced here, after the work is done, so stray handles cannot keep the process alive.
import { main } from './main.js'

main(process.argv).then(
  code => {
    process.exitCode = code
  },
  () => {
    process.exitCode = 2
  }
)
