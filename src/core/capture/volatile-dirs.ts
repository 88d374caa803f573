/**
 * Directory names that runners, caches and sandboxes routinely drop or never keep: capture gives
 * what lies below them the build-output tier and leaves them out of trees, the diagnosis reads
 * their loss as a routine wipe, canaries probe them, and authoring skips them.
 */

export const VOLATILE_DIRS = new Set([
  '.cache',
  '.next',
  '.npm',
  '.nuxt',
  '.output',
  '.parcel-cache',
  '.pytest_cache',
  '.ruff_cache',
  '.mypy_cache',
  '.svelte-kit',
  '.tox',
  '.nox',
  '.turbo',
  '.venv',
  '.vite',
  '__pycache__',
  'build',
  'coverage',
  'dist',
  'node_modules',
  'out',
  'target'
])

/** Whether a manifest path lies below one of them. */
export function underVolatileDir(p: string): boolean {
  return p.split('/').some(seg => VOLATILE_DIRS.has(seg))
}
