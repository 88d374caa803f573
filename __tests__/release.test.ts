/**
 * The release workflow (.github/workflows/release.yml) cannot run here, and actionlint is not on
 * this machine (CI's actionlint job lints it on GitHub). So it is read as data and its promises
 * checked: nothing is published before the tag, the changelog, dist/ and the tests are proven;
 * npm gets the package with provenance through trusted publishing (no stored token); only the
 * publishing job can write; no expression is spliced into a shell script. Its shell steps that
 * need no service (the tag check, the release notes) are run for real.
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseWorkflow, type Yaml } from '../__fixtures__/workflow.js'

const ROOT = path.resolve(import.meta.dirname, '..')
const FILE = path.join(ROOT, '.github', 'workflows', 'release.yml')
const TEXT = fs.readFileSync(FILE, 'utf8')

type Map = { [key: string]: Yaml }
const asMap = (y: Yaml | undefined): Map =>
  y && typeof y === 'object' && !Array.isArray(y) ? y : {}
const asList = (y: Yaml | undefined): Yaml[] => (Array.isArray(y) ? y : [])
const str = (y: Yaml | undefined): string => (typeof y === 'string' ? y : '')

const wf = asMap(parseWorkflow(TEXT))
const jobs = asMap(wf.jobs)
const steps = (job: string): Map[] => asList(asMap(jobs[job]).steps).map(asMap)
/** Index of the first step of `job` whose `run` matches `re` (-1 when none). */
const runIndex = (job: string, re: RegExp): number => steps(job).findIndex(s => re.test(str(s.run)))
const version = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version

describe('release.yml', () => {
  it('runs on a vX.Y.Z tag only, read-only by default, one release at a time', () => {
    expect(wf.on).toEqual({ push: { tags: ['v[0-9]+.[0-9]+.[0-9]+'] } })
    expect(wf.permissions).toEqual({ contents: 'read' })
    expect(asMap(wf.concurrency)['cancel-in-progress']).toBe('false')
    expect(Object.keys(jobs).sort()).toEqual(['publish', 'verify'])
  })

  it('verify proves the tag, the changelog, dist/ and the tests, with no write permission', () => {
    expect(asMap(jobs.verify).permissions).toBeUndefined()
    const tag = runIndex('verify', /package\.json"\)\.version'\)" = "\$version"/)
    const notes = runIndex('verify', /node scripts\/release-notes\.mjs "\$version"/)
    const bundle = runIndex('verify', /^npm run bundle$/m)
    const dist = runIndex(
      'verify',
      /git add --intent-to-add -- dist\ngit diff --exit-code --stat -- dist/
    )
    const test = runIndex('verify', /^npm test$/)
    for (const i of [tag, notes, bundle, dist, test]) expect(i).toBeGreaterThan(0)
    expect(tag).toBe(notes)
    expect(bundle).toBe(dist)
    expect(tag).toBeLessThan(dist)
    expect(dist).toBeLessThan(test)
  })

  it('publish runs only after verify, and alone may write: contents and the OIDC token', () => {
    const publish = asMap(jobs.publish)
    expect(publish.needs).toBe('verify')
    expect(publish.permissions).toEqual({ contents: 'write', 'id-token': 'write' })
  })

  it('publishes to npm with provenance by trusted publishing, then the release, then moves the major tag', () => {
    const s = steps('publish')
    const setup = s.find(x => str(x.uses).startsWith('actions/setup-node@'))
    expect(asMap(setup?.with)['registry-url']).toBe('https://registry.npmjs.org')
    const npmUp = runIndex('publish', /^npm install --global npm@\^11\.5\.1$/)
    const npm = runIndex(
      'publish',
      /^\s*npm publish --provenance --access public --ignore-scripts$/m
    )
    const release = runIndex('publish', /gh release create "\$TAG" --verify-tag/)
    const major = runIndex('publish', /git push -f origin "refs\/tags\/\$MAJOR"/)
    expect(npmUp).toBeGreaterThanOrEqual(0)
    expect([npmUp < npm, npm < release, release < major]).toEqual([true, true, true])
    // Trusted publishing: no long-lived npm token anywhere, and no dependency install before it.
    expect(TEXT).not.toMatch(/secrets\.|NODE_AUTH_TOKEN|NPM_TOKEN/)
    expect(s.some(x => /npm (ci|install)(?! --global npm@)/.test(str(x.run)))).toBe(false)
    // The major tag comes from the tag name (v1.2.3 -> v1) and points at the tagged commit.
    expect(str(s[major]?.run)).toContain('git tag -f "$MAJOR" "$GITHUB_SHA"')
  })

  it('splices no expression into a shell script: contexts reach run steps through env', () => {
    const all = Object.keys(jobs).flatMap(steps)
    expect(all.length).toBeGreaterThan(0)
    for (const s of all)
      expect([str(s.name), str(s.run)]).toEqual([str(s.name), expect.not.stringContaining('${{')])
  })

  it('uses the current majors of the actions it names', () => {
    const uses = Object.keys(jobs)
      .flatMap(steps)
      .map(s => str(s.uses))
      .filter(Boolean)
    expect(new Set(uses)).toEqual(new Set(['actions/checkout@v6', 'actions/setup-node@v6']))
  })
})

describe("the tag check (verify's shell step, run with bash)", () => {
  const script = str(steps('verify').find(s => str(s.id) === 'meta')?.run)

  function meta(tag: string): { status: number | null; stdout: string; outputs: string } {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-release-'))
    try {
      const out = path.join(dir, 'output')
      fs.writeFileSync(out, '')
      const r = spawnSync('bash', ['-c', script], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, TAG: tag, GITHUB_OUTPUT: out },
        encoding: 'utf8'
      })
      return { status: r.status, stdout: r.stdout, outputs: fs.readFileSync(out, 'utf8') }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }

  it("passes for this package.json's version and names its major", () => {
    const r = meta(`v${version}`)
    expect(r.status).toBe(0)
    expect(r.outputs).toBe(`version=${version}\nmajor=v${version.split('.')[0]}\n`)
  })

  it('fails, with one error line, for a tag package.json does not carry', () => {
    const r = meta('v99.0.0')
    expect(r.status).toBe(1)
    expect(r.stdout).toBe('::error::tag v99.0.0 does not match package.json\n')
    expect(r.outputs).toBe('')
  })
})

describe('scripts/release-notes.mjs', () => {
  const script = path.join(ROOT, 'scripts', 'release-notes.mjs')
  const notes = (args: string[], cwd = ROOT) =>
    spawnSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8' })

  it("prints this version's changelog section, without its heading or the next one", () => {
    const r = notes([version])
    expect(r.status).toBe(0)
    expect(r.stdout.trim()).not.toBe('')
    expect(r.stdout).not.toMatch(/^## /m)
  })

  it('refuses a version without a section, or with an empty one, in one line', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swr-notes-'))
    try {
      const file = path.join(dir, 'CHANGELOG.md')
      fs.writeFileSync(
        file,
        '# Changelog\n\n## [1.1.0] - 2026-01-02\n\n## [1.0.0] - 2026-01-01\n\n### Added\n- x\n'
      )
      expect(notes(['1.0.0', file]).stdout).toBe('### Added\n- x\n')
      for (const v of ['1.1.0', '2.0.0', '1.0']) {
        const r = notes([v, file])
        expect(r.status).not.toBe(0)
        expect(r.stdout).toBe('')
        expect(r.stderr.trim().split('\n')).toHaveLength(1)
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
