/**
 * The environment of each system tool swr starts itself (sync, zstd). Every child gets one built
 * for it and never inherits this process's: whatever a job keeps in its environment (a token a
 * workflow put in `env:`) would otherwise be readable from `/proc/PID/environ` by any process of
 * the same user while the child runs. Recipes, smoke commands and git build theirs in
 * exec/signed-command.ts and git/run.ts; lint refuses a spawn without an explicit `env`.
 */

/** A system tool at a fixed path: a plain locale and the system's directories, nothing else. */
export function toolEnv(): NodeJS.ProcessEnv {
  return { PATH: '/usr/bin:/bin', LC_ALL: 'C' }
}
