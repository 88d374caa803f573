/**
 * A seal's signing input and its encoding set each large index in from its bytes: the bytes must
 * be exactly those of encoding the whole body as JSON (RFC 8785 for the signing input).
 */
import { randomBytes } from 'node:crypto'
import { canonicalBytes } from '../../../src/core/manifest/canonical.js'
import {
  encodeSeal,
  SEAL_PAYLOAD_TYPE,
  sealSigningInput,
  type SealBody,
  type SealDocument
} from '../../../src/core/seal/seal.js'
import { pae } from '../../../src/core/sign/envelope.js'

function bodyWith(indexes: (string | undefined)[]): SealBody {
  return {
    schema: 'swr.seal/1',
    key: 'npm-"quoted"-ключ-\u0001',
    zeta: 1,
    paths: indexes.map((index, i) => ({
      spelling: `p${i}/ünï "x"`,
      member: `p${i}`,
      entry: { id: 'sealed', kind: 'tree', expect: { files: i } },
      ...(index === undefined ? {} : { index }),
      after: [i, 'swr-index-not-a-mark']
    })),
    made: { at: '2026-12-05T00:00:00Z', os: 'linux', arch: 'x64' }
  } as unknown as SealBody
}

const plainInput = (b: SealBody) => pae(SEAL_PAYLOAD_TYPE, canonicalBytes(b))
const plainEncoding = (d: SealDocument) => Buffer.from(`${JSON.stringify(d)}\n`, 'utf8')

describe('seal encoding with indexes set in from their bytes', () => {
  const big = () => randomBytes(300_000).toString('base64')
  test.each([
    ['one large index', [big()]],
    ['two large indexes and a path without one', [big(), undefined, big()]],
    ['a large index beside a small one', ['AAAA', big()]],
    ['a large index that is not base64 (a quote in it)', [`${big()}"x`]],
    ['a large index with a character beyond ASCII', [`${big()}é`]],
    ['only small indexes', ['QUJD', undefined]]
  ])('%s: the same bytes as encoding it whole', (_what, indexes) => {
    const body = bodyWith(indexes)
    expect(sealSigningInput(body).equals(plainInput(body))).toBe(true)
    const doc = {
      body,
      signatures: [{ alg: 'hmac-sha256', keyid: 'k', sig: 'ab' }]
    } as unknown as SealDocument
    expect(encodeSeal(doc).equals(plainEncoding(doc))).toBe(true)
  })
})
