// Before any suite runs: rebuild dist/ when the source changed since the last bundle, so the
// suites that run the bundled CLI and Action never test a stale build. A fresh checkout (dist/
// committed with its source) costs one digest of the tree.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { recordedDigest, ROOT, sourceDigest } from '../scripts/source-digest.mjs'

export default function globalSetup() {
  if (recordedDigest() === sourceDigest()) return
  process.stderr.write('\nnote: dist/ is older than the source: rebuilding it before the tests\n')
  execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'bundle.mjs')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit']
  })
}
