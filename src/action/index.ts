// The Action's entry for both of its steps: run, let the log reach the runner, then end the
// process (HTTP clients can leave handles open). The post step starts this same bundle through
// dist/post/index.js (src/action/post-start.mjs), which marks the phase first: one bundle serves
// both steps, where two near-identical 2 MB bundles doubled the build.
import { run } from './main.js'
import { post } from './post.js'
import { flushed } from './log.js'

const phase: unknown = Reflect.get(globalThis, Symbol.for('swr.action.phase'))
await (phase === 'post' ? post() : run())
await flushed()
process.exit(process.exitCode ?? 0)
