/**
 * The edit session spelled from the command line: where the manifest is, the trust sources the
 * editing rules judge it by, the approved digest, the HMAC key and the lock flags. The engine's
 * edit session (open, authorise, change, then save above the rollback floor and sign) does the rest.
 */
import type { EditSession } from '../core/index.js'
import type { CliIo } from './io.js'
import { lockHolding, type LockFlags } from './lock.js'
import { manifestLocation, stateDir } from './options.js'
import { buildPolicy, type TrustFlags } from './trust-context.js'

export function editSession(
  flags: LockFlags & { approveDigest?: string | undefined },
  io: CliIo,
  trust: TrustFlags = {}
): EditSession {
  const located = manifestLocation(flags, io)
  return {
    located,
    workspace: flags.workspace,
    cwd: io.cwd,
    stateDir: stateDir(io),
    policy: m => buildPolicy(m, trust, io),
    approveDigest: flags.approveDigest,
    hmacKeyText: io.env.SWR_HMAC_KEY,
    lock: lockHolding(flags, io, located.file)
  }
}
