// The Action's post step (action.yml `post: dist/post/index.js`): the main bundle beside it in
// dist/, told that this is the post step. Copied as is by `npm run bundle`.
globalThis[Symbol.for('swr.action.phase')] = 'post'
await import('../index.js')
