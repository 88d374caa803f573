/**
 * The edit session as one use case, for every command that changes a manifest (add, init, edit,
 * rm, rescan, escrow, import, sign and the authoring commands). It exists so that no command can
 * skip a step of it: under the manifest's lock it opens the manifest (or starts a new one), applies
 * the editing rules (a signed manifest is edited only when its signatures verify here or its exact
 * content was approved by digest, so an edit never launders a signature), hands the document to
 * the command's change, and saves the result above the rollback floor this machine remembers,
 * signed with this machine's keys when the edit was authorised, remembering what it saved. It
 * returns the opened manifest, what was saved (digest, version, signed or why not) and the
 * change's own value; the shell only prints them.
 */
import fs from 'node:fs'
import path from 'node:path'
import { EXIT, SwrError, UsageError } from '../errors.js'
import { manifestDigest } from '../manifest/canonical.js'
import { loadManifest, type LoadedManifest } from '../manifest/load.js'
import type { Located } from '../manifest/locate.js'
import { newDocument, saveManifest } from '../manifest/write.js'
import { authorizeEdit } from '../sign/edit-rules.js'
import { evaluateSignatures, gateInput, type TrustPolicy } from '../sign/gate.js'
import { loadHmacKey, loadIdentitySeed } from '../sign/keys.js'
import { identityFromSeed } from '../sign/mldsa.js'
import { cosignDocument, hasSigningKey, signDocument, type SigningKeys } from '../sign/sign.js'
import { recall, remember } from '../sign/version-memory.js'
import { withLock, type HeldLockOptions } from '../state/lock.js'
import type { ManifestBody, ManifestDocument } from '../types.js'
import { signatureWords } from './signatures.js'

export interface EditSession {
  /** The manifest as the shell located it (`how: 'new'`: none yet, where one would be created). */
  located: Located
  /** `--workspace`: the directory the manifest describes, over its own field. */
  workspace?: string | undefined
  cwd: string
  /** The private state directory: keys, rollback memory, locks. */
  stateDir: string
  /** The gate's policy for the loaded manifest, from the shell's trust sources. */
  policy: (m: LoadedManifest) => TrustPolicy
  /** `--approve-digest`: the digest of the loaded content, reviewed by the user. */
  approveDigest?: string | undefined
  /** The HMAC key as given (SWR_HMAC_KEY); else the state directory's key file. */
  hmacKeyText?: string | undefined
  /** Hold the manifest's lock from open to save (absent: --no-lock). */
  lock?: Omit<HeldLockOptions, 'subject' | 'stateDir'> | undefined
}

export interface OpenedManifest {
  file: string
  doc: ManifestDocument
  workspace: string
  /** No manifest was there: this session starts one (saved exclusively, never over another). */
  created: boolean
  /** Whether the edit may be re-signed (the loaded manifest verified, or was approved). */
  resign: boolean
  note?: string
}

/** What the change made of the document the session opened. */
export interface Change<T> {
  value: T
  /** Save the document (false: nothing changed, nothing is written). */
  save: boolean
  /** Tree index files to write beside the manifest before it: path -> bytes. */
  sidecars?: Map<string, Buffer> | undefined
  /** Tree index files the saved manifest no longer names, removed once it is saved. */
  dropped?: readonly string[] | undefined
}

export interface SavedEdit {
  digest: string
  version: number
  signed: boolean
  /** Why the saved manifest is unsigned, when it should have been signed. */
  note?: string
}

export interface Edited<T> {
  manifest: OpenedManifest
  saved?: SavedEdit | undefined
  value: T
}

/** Open (or start) the manifest, let `change` edit it, and save it under the editing rules. */
export function editManifest<T>(
  s: EditSession,
  change: (m: OpenedManifest) => Promise<Change<T>> | Change<T>
): Promise<Edited<T>> {
  return locked(s, async () => {
    const m = await open(s)
    const c = await change(m)
    if (!c.save) return { manifest: m, value: c.value }
    const saved = await save(s, m.file, m.doc, {
      resign: m.resign,
      created: m.created,
      sidecars: c.sidecars
    })
    for (const f of c.dropped ?? []) dropFile(f)
    return { manifest: m, saved, value: c.value }
  })
}

/** A document made from elsewhere (an import): `make` decides whether it may be signed. */
export interface NewManifest<T> {
  doc: ManifestDocument
  resign: boolean
  value: T
}

/** Under the lock, save a new manifest that `make` built; never over one that exists. */
export function createManifest<T>(
  s: EditSession,
  make: (file: string) => Promise<NewManifest<T>> | NewManifest<T>
): Promise<{ file: string; saved: SavedEdit; value: T }> {
  return locked(s, async () => {
    const file = s.located.file
    const made = await make(file)
    const saved = await save(s, file, made.doc, { resign: made.resign, created: true })
    return { file, saved, value: made.value }
  })
}

export interface SignedManifest {
  file: string
  doc: ManifestDocument
  digest: string
  /** The keys that signed: HMAC, and this machine's ML-DSA fingerprint. */
  by: { hmac: boolean; mldsa?: string | undefined }
}

/**
 * `swr sign`: raise the version above every version remembered under the old and the new scope,
 * and sign the body `body` makes (scope and expiry as the flags set them) with every key here.
 */
export function signManifest(
  s: EditSession,
  body: (m: LoadedManifest) => ManifestBody
): Promise<SignedManifest> {
  return locked(s, async () => {
    const m = loadFormat3(s)
    const next = body(m)
    const keys = await keysOrRefuse(s)
    await authorizeEdit(m, s.policy(m), s.approveDigest)
    // Moving the scope moves the memory's key too: the floor is the higher of the two.
    const floor = Math.max(
      recall(s.stateDir, m.file, m.body.scope)?.version ?? 0,
      recall(s.stateDir, m.file, next.scope)?.version ?? 0
    )
    const signed = await signDocument({ ...m.doc, body: next }, keys, floor)
    saveManifest(m.file, signed.doc)
    remember(
      s.stateDir,
      m.file,
      { version: signed.doc.body.version, digest: signed.digest },
      signed.doc.body.scope
    )
    return {
      file: m.file,
      doc: signed.doc,
      digest: signed.digest,
      by: { hmac: keys.hmacKey !== undefined, mldsa: keys.identity?.fingerprint }
    }
  })
}

/**
 * `swr sign --cosign`: this machine's ML-DSA signature joins the others over the same body and
 * version, so distinct signers can meet a threshold. Only over signatures that verify: one that
 * does not means the body changed since it was signed, and co-signing it would launder the change.
 * Another machine's HMAC cannot be checked here (its key stays there) and is neither counted nor
 * refused; at least one signature must verify and be trusted here, unless the digest was approved.
 */
export function cosignManifest(
  s: EditSession
): Promise<SignedManifest & { by: { mldsa: string } }> {
  return locked(s, async () => {
    const m = loadFormat3(s)
    const keys = await keysOrRefuse(s)
    const policy = s.policy(m)
    if (!keys.identity)
      throw new SwrError(
        '--cosign adds an ML-DSA signature: this machine has no identity (run "swr keygen")',
        EXIT.UNREPAIRABLE
      )
    if (m.doc.signatures.length === 0)
      throw new SwrError(
        `${m.file}: unsigned: nothing to co-sign; sign it first with "swr sign"`,
        EXIT.UNREPAIRABLE
      )
    const states = await evaluateSignatures(gateInput(m), policy)
    const broken = states.find(x => x.state === 'invalid')
    if (broken)
      throw new SwrError(
        `${m.file}: a ${broken.alg} signature does not verify (the body or that signature changed since it was signed): refusing to co-sign; the manifest must be signed again with "swr sign"`,
        EXIT.UNREPAIRABLE
      )
    if (s.approveDigest === undefined && !states.some(x => x.state === 'valid'))
      throw new SwrError(
        `${m.file}: no signature on it can be checked and trusted here (${states.map(signatureWords).join(', ')}): refusing to co-sign; trust its signer first ("swr trust add FP NAME"), or review it and pass --approve-digest`,
        EXIT.UNREPAIRABLE
      )
    // One trusted signature is enough to co-sign; the run's threshold is for running, not signing.
    await authorizeEdit(m, { ...policy, threshold: 1 }, s.approveDigest)
    const doc = await cosignDocument(m.doc, keys.identity)
    saveManifest(m.file, doc)
    remember(s.stateDir, m.file, { version: m.body.version, digest: m.digest }, m.body.scope)
    return {
      file: m.file,
      doc,
      digest: m.digest,
      by: { hmac: false, mldsa: keys.identity.fingerprint }
    }
  })
}

function locked<T>(s: EditSession, fn: () => Promise<T>): Promise<T> {
  if (!s.lock) return fn()
  return withLock({ ...s.lock, subject: s.located.file, stateDir: s.stateDir }, fn)
}

function loadFormat3(s: EditSession): LoadedManifest {
  const m = loadManifest(s.located.file, { workspace: s.workspace, cwd: s.cwd })
  if (m.format !== 3)
    throw new UsageError(`${m.file} is a format-2 manifest: convert it with "swr import" first`)
  return m
}

async function keysOrRefuse(s: EditSession): Promise<SigningKeys> {
  const keys = await signingKeys(s)
  if (!hasSigningKey(keys))
    throw new SwrError('no signing key: run "swr keygen", or set SWR_HMAC_KEY', EXIT.UNREPAIRABLE)
  return keys
}

/** The keys this machine signs with (ML-DSA is loaded only when an identity exists). */
async function signingKeys(s: EditSession): Promise<SigningKeys> {
  const hmacKey = loadHmacKey(s.stateDir, s.hmacKeyText)?.key
  const seed = loadIdentitySeed(s.stateDir)
  return { hmacKey, identity: seed ? await identityFromSeed(seed) : undefined }
}

/**
 * The manifest to edit, authorised under the editing rules; or a new one (workspace: the
 * `--workspace` flag, else the `.swr` directory's parent, else the working directory).
 */
async function open(s: EditSession): Promise<OpenedManifest> {
  const { located } = s
  if (located.how !== 'new' && fs.existsSync(located.file)) {
    const m = loadManifest(located.file, { workspace: s.workspace, cwd: s.cwd })
    if (m.format !== 3)
      throw new UsageError(
        `${located.file} is a format-2 manifest: convert it first with "swr import"`
      )
    const auth = await authorizeEdit(m, s.policy(m), s.approveDigest)
    const opened = {
      file: m.file,
      doc: m.doc,
      workspace: m.workspace,
      created: false,
      resign: auth.resign
    }
    return auth.note ? { ...opened, note: auth.note } : opened
  }
  const dir = path.dirname(located.file)
  const workspace = s.workspace
    ? path.resolve(s.cwd, s.workspace)
    : path.basename(dir) === '.swr'
      ? path.dirname(dir)
      : s.cwd
  if (!fs.existsSync(workspace) || !fs.statSync(workspace).isDirectory())
    throw new UsageError(`workspace ${workspace} is not a directory`)
  const real = fs.realpathSync(workspace)
  if (real === '/')
    throw new UsageError('workspace "/" is refused: describe a directory, not the whole machine')
  const doc = newDocument(located.file, real, new Date())
  return { file: located.file, doc, workspace: real, created: true, resign: true }
}

/**
 * Save under the editing rules: when `resign` (an authorised edit of a signed manifest, or one
 * this session created) it is signed with the keys at hand; otherwise it is saved unsigned.
 * Signatures over the old body are dropped either way. `created` makes the write exclusive.
 */
async function save(
  s: EditSession,
  file: string,
  doc: ManifestDocument,
  how: { resign: boolean; created: boolean; sidecars?: Map<string, Buffer> | undefined }
): Promise<SavedEdit> {
  const opts = { create: how.created, ...(how.sidecars ? { sidecars: how.sidecars } : {}) }
  // Versions only go up on this machine, even when an older copy was approved or the file recreated.
  const floor = recall(s.stateDir, file, doc.body.scope)?.version ?? 0
  if (how.resign) {
    const keys = await signingKeys(s)
    if (hasSigningKey(keys)) {
      const signed = await signDocument(doc, keys, floor)
      saveManifest(file, signed.doc, opts)
      remember(
        s.stateDir,
        file,
        { version: signed.doc.body.version, digest: signed.digest },
        signed.doc.body.scope
      )
      return { digest: signed.digest, version: signed.doc.body.version, signed: true }
    }
  }
  const version =
    how.created && floor === 0 ? doc.body.version : Math.max(doc.body.version, floor) + 1
  const body = { ...doc.body, version }
  saveManifest(file, { ...doc, body, signatures: [] }, opts)
  const digest = manifestDigest(body)
  // An approved edit saved unsigned (no key here) is still what this machine accepted.
  if (how.resign && !how.created)
    remember(s.stateDir, file, { version, digest, signed: false }, body.scope)
  const note = how.resign
    ? 'no signing key here: the edited manifest is unsigned; sign it with "swr sign"'
    : undefined
  return { digest, version, signed: false, ...(note ? { note } : {}) }
}

/** A stale index is harmless (a new entry of that id writes its own), so a failure is ignored. */
function dropFile(file: string): void {
  try {
    fs.unlinkSync(file)
  } catch {
    // Gone already, or not ours to remove: either way the manifest no longer reads it.
  }
}
