// The release notes of one version: its section of CHANGELOG.md (Keep a Changelog: `## [X.Y.Z] ...`),
// up to the next `## [` heading, without the heading itself. Prints them; exits 1 with one line
// when the changelog has no section for the version, or an empty one (a release says what changed).
//
//   node scripts/release-notes.mjs 1.2.3 [CHANGELOG.md] > notes.md
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export function releaseNotes(changelog, version) {
  const lines = changelog.split('\n')
  const escaped = version.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const start = lines.findIndex(l => new RegExp(`^## \\[${escaped}\\]`).test(l))
  if (start < 0) return undefined
  const rest = lines.slice(start + 1)
  const end = rest.findIndex(l => l.startsWith('## ['))
  const body = (end < 0 ? rest : rest.slice(0, end)).join('\n').trim()
  return body === '' ? undefined : `${body}\n`
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [version, file = 'CHANGELOG.md'] = process.argv.slice(2)
  if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
    process.stderr.write('usage: node scripts/release-notes.mjs X.Y.Z [CHANGELOG.md]\n')
    process.exit(2)
  }
  const notes = releaseNotes(fs.readFileSync(file, 'utf8'), version)
  if (notes === undefined) {
    process.stderr.write(`${file} has no section (or an empty one) for ${version}\n`)
    process.exit(1)
  }
  process.stdout.write(notes)
}
