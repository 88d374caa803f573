// The cache action's cache step: the main bundle in dist/, told which step this is. Copied by `npm run bundle`.
globalThis[Symbol.for('swr.action.phase')] = 'cache'
await import('../index.js')
