// The Action's entry: run, let the log reach the runner, then end the process (HTTP clients can
// leave handles open).
import { run } from './main.js'
import { flushed } from './log.js'

await run()
await flushed()
process.exit(process.exitCode ?? 0)
