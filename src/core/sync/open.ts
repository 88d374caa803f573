/** A store from its spelling (`--to`, `--from`) or from a locator (a recovery code, a record). */
import { UsageError } from '../errors.js'
import { gitStore, parseGitLocator } from './git-store.js'
import { httpStore } from './http-store.js'
import { s3Store } from './s3-store.js'
import { storeKind, type StoreContext, type SyncStore } from './store.js'

export function openStore(spec: string, ctx: StoreContext): SyncStore {
  switch (storeKind(spec)) {
    case 'git':
      return gitStore(spec, ctx)
    case 'http':
      return httpStore(spec, ctx)
    case 'actions':
      if (!ctx.actions) throw new UsageError('the Actions cache store is not available here')
      return ctx.actions(ctx)
    case 's3':
      return s3Store(spec, ctx)
    default:
      throw new UsageError(
        `unknown store ${JSON.stringify(spec.slice(0, 120))}: use git:REMOTE, an http(s) URL template, s3://BUCKET/PREFIX, or actions`
      )
  }
}

/** The store that holds the copy at `locator`. */
export function storeOfLocator(locator: string, ctx: StoreContext): SyncStore {
  if (storeKind(locator) === 'git') return gitStore(`git:${parseGitLocator(locator).remote}`, ctx)
  return openStore(locator, ctx)
}
