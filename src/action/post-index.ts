// The post step's entry: run, then end the process (HTTP clients can leave handles open).
import { post } from './post.js'

await post()
process.exit(process.exitCode ?? 0)
