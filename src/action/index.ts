// The Action's entry: run, then end the process (HTTP clients can leave handles open).
import { run } from './main.js'

await run()
process.exit(process.exitCode ?? 0)
