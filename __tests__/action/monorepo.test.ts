/**
 * Monorepos: `workspace` and `manifest` take one path each. A list (one per line, as a user might
 * write for several packages) is refused through the bundled Action in one clear line naming the
 * input and the matrix pattern, with no `%0A` mangled path in it and nothing checked; each path
 * of the list, given to its own step as a matrix leg does, works.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import {
  commit,
  makeRepo,
  NODES,
  runAction,
  snapshotAction,
  type ActionRepo
} from '../../__fixtures__/action.js'
import { add, write } from '../../__fixtures__/workspace.js'

describe.each(NODES)('on $name', ({ bin }) => {
  let repo: ActionRepo
  let script: string

  beforeAll(async () => {
    repo = makeRepo()
    script = snapshotAction(repo.base)
    for (const pkg of ['packages/api', 'packages/web']) {
      write(repo.root, `${pkg}/index.js`, `// ${pkg}\n`)
      const manifestFile = `${repo.root}/${pkg}/.swr/manifest.json`
      await add({ ...repo.cli, manifestFile }, `${pkg}/index.js`)
    }
    commit(repo)
  })
  afterAll(() => repo?.cleanup())

  it.each(['workspace', 'manifest'])(
    'a list in %s is refused in one line naming the matrix',
    input => {
      const value =
        input === 'workspace'
          ? 'packages/api\npackages/web'
          : 'packages/api/.swr/manifest.json\npackages/web/.swr/manifest.json'
      const r = runAction(bin, script, repo, { inputs: { [input]: value } })
      expect(r.status).toBe(1)
      expect(r.outputs.status).toBe('invalid')
      expect(r.outputs['exit-code']).toBe('4')
      const errors = r.commands.filter(c => c.command === 'error')
      expect(errors).toHaveLength(1)
      expect(errors[0]?.message).toBe(
        `swr: input ${input}: one path per step; for several workspaces run the step in a matrix (docs/action.md, "Monorepos")`
      )
    }
  )

  it('each path on its own step, as a matrix leg runs it, is checked', () => {
    for (const workspace of ['packages/api', 'packages/web']) {
      const r = runAction(bin, script, repo, { inputs: { workspace } })
      expect({ workspace, status: r.outputs.status }).toEqual({ workspace, status: 'healthy' })
    }
  })
})
