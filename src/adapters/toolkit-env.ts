/**
 * The Actions toolkit's clients read the job's runtime token from `process.env` at call time, and
 * the Action keeps its secrets out of `process.env` (src/action/handover.ts) so that no child
 * inherits them. The token is put there for one client call and taken away after it. What the
 * client starts during the call (the cache client's tar and zstd) does see it: docs/security.md.
 */
const TOKEN = 'ACTIONS_RUNTIME_TOKEN'

/** Run a toolkit call with `env`'s runtime token in `process.env`, removed afterwards. */
export async function withToolkitToken<T>(
  env: NodeJS.ProcessEnv,
  fn: () => Promise<T>
): Promise<T> {
  const token = env[TOKEN]
  if (token === undefined || process.env[TOKEN] !== undefined) return fn()
  process.env[TOKEN] = token
  try {
    return await fn()
  } finally {
    delete process.env[TOKEN]
  }
}
