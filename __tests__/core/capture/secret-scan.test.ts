/**
 * The secret scan on a corpus of real credential formats (fake values made at run time) and of
 * ordinary config files: every credential is found, by the maintained rule set or by swr's own
 * rules, and masked wherever it is printed; no ordinary file is taken for a secret.
 */
import { describe, expect, it } from '@jest/globals'
import { ordinaryCorpus, secretCorpus } from '../../../__fixtures__/secret-corpus.js'
import { makeLineScrubber, makeScrubber } from '../../../src/core/exec/scrub.js'
import { loadSecretScan, ownSecretScan } from '../../../src/core/capture/secret-scan.js'
import { secretContent } from '../../../src/core/capture/secrets.js'

const bytes = (s: string): Uint8Array => Buffer.from(s)

describe('secret scan', () => {
  it('finds every credential of the corpus, naming rules, never values', async () => {
    const scan = await loadSecretScan()
    for (const f of secretCorpus()) {
      const why = secretContent(bytes(f.content), scan, f.rel)
      expect({ id: f.id, why }).toEqual({ id: f.id, why: expect.stringMatching(/^holds /) })
      for (const s of f.secrets) expect(why).not.toContain(s)
    }
  })

  it('takes no ordinary config file for a secret', async () => {
    const scan = await loadSecretScan()
    for (const f of ordinaryCorpus()) {
      expect({ id: f.id, found: scan(f.content, f.rel) }).toEqual({ id: f.id, found: [] })
      expect({ id: f.id, why: secretContent(bytes(f.content), scan, f.rel) }).toEqual({ id: f.id })
    }
  })

  it('uses the maintained set where it has the shape, swr rules where it has not', async () => {
    const scan = await loadSecretScan()
    const rulesFor = (id: string): string[] => {
      const f = secretCorpus().find(c => c.id === id)!
      return scan(f.content, f.rel).map(x => x.rule)
    }
    expect(rulesFor('aws-secret-only')).toContain('aws/AWSSecretAccessKey')
    expect(rulesFor('aws-pair')).toContain('aws/AWSAccessKeyID')
    expect(rulesFor('gcp-sa')).toContain('gcp/PrivateKeyJSON')
    expect(rulesFor('database-url')).toContain('database-connection-string/PostgreSQLConnection')
    expect(rulesFor('basic-auth-url')).toContain('basicauth/BasicAuth')
    expect(rulesFor('npmrc-auth')).toContain('npm/Npmrc_authToken')
    for (const [id, rule] of [
      ['age-key', 'swr/age'],
      ['stripe', 'swr/stripe'],
      ['rubygems', 'swr/rubygems'],
      ['pypi-token', 'swr/pypi'],
      ['netrc-shape', 'swr/netrc'],
      ['wireguard', 'swr/assignment'],
      ['password-env', 'swr/assignment'],
      ['kube-key-data', 'swr/assignment'],
      ['podman-auth', 'swr/json-field']
    ] as const)
      expect({ id, rules: rulesFor(id) }).toEqual({ id, rules: expect.arrayContaining([rule]) })
  })

  it("swr's own rules need nothing loaded and find the shapes the set misses", () => {
    const c = secretCorpus()
    for (const id of ['age-key', 'wireguard', 'stripe', 'rubygems', 'podman-auth', 'kube-key-data'])
      expect(ownSecretScan(c.find(f => f.id === id)!.content).length).toBeGreaterThan(0)
  })

  it('a secretlint-disable comment does not switch detection off', async () => {
    const scan = await loadSecretScan()
    const gh = secretCorpus().find(f => f.id === 'github')!
    const text = `# secretlint-disable\n${gh.content}# secretlint-enable\n`
    expect(scan(text).map(f => f.rule)).toContain('github/GITHUB_TOKEN')
  })

  it('the scrubber masks every secret of the corpus, line by line and whole', async () => {
    const scan = await loadSecretScan()
    const scrub = makeScrubber([], scan)
    for (const f of secretCorpus()) {
      const byLine = f.content.split('\n').map(makeLineScrubber([], scan)).join('\n')
      for (const out of [byLine, scrub(f.content)])
        for (const s of f.secrets)
          expect({ id: f.id, leaked: out.includes(s) }).toEqual({ id: f.id, leaked: false })
    }
    for (const f of ordinaryCorpus()) expect(scrub(f.content)).toBe(f.content)
  })

  it('scrubs a thousand lines of build output in well under a second', async () => {
    const scrub = makeScrubber(['s3cr3t-value'], await loadSecretScan())
    const line = 'added 1342 packages, and audited 1343 packages in 12s; see https://example.com/x'
    const t0 = performance.now()
    for (let i = 0; i < 1000; i++) scrub(`${line} ${i}`)
    expect(performance.now() - t0).toBeLessThan(1000)
  })
})
