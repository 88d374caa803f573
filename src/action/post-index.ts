// The post step's entry: run, let the log reach the runner, then end the process (HTTP clients
// can leave handles open).
import { post } from './post.js'
import { flushed } from './log.js'

await post()
await flushed()
process.exit(process.exitCode ?? 0)
