// The Action's entry for both of its steps: hand the job's secrets over out of the process's
// starting environment (handover.ts) before anything else loads, run, let the log reach the
// runner, then end the process (HTTP clients can leave handles open). The post step starts this
// same bundle through dist/post/index.js (src/action/post-start.mjs), which marks the phase
// first: one bundle serves both steps, where two near-identical 2 MB bundles doubled the build.
import { handOver } from './handover.js'

let handedOver: string | undefined
try {
  handOver()
} catch (e) {
  handedOver = e instanceof Error ? e.message : String(e)
}
const log = await import('./log.js')
if (handedOver !== undefined) {
  log.error(handedOver)
  process.exitCode = 1
} else {
  const phase: unknown = Reflect.get(globalThis, Symbol.for('swr.action.phase'))
  if (typeof phase === 'string' && phase.startsWith('cache')) {
    const cache = await import('./cache/run.js')
    if (phase === 'cache') await cache.restorePhase(process.env, { saveAfter: true })
    else if (phase === 'cache-restore') await cache.restorePhase(process.env, { saveAfter: false })
    else await cache.savePhase(process.env, { post: phase === 'cache-post' })
  } else
    await (phase === 'post'
      ? (await import('./post.js')).post()
      : (await import('./main.js')).run())
}
await log.flushed()
process.exit(process.exitCode ?? 0)
