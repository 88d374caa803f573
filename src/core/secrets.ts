/**
 * Which paths hold secrets. A secret is tracked by hash only (a tier-0 file entry: its loss is
 * noticed and named) and never escrowed: escrowed bytes travel inside the manifest, which is
 * committed, pushed and shared, and a manifest is not a vault.
 *
 * The rule names well-known credential locations (ssh private keys, netrc, the logins of git, gh,
 * npm, PyPI, cloud CLIs and coding agents, dotenv files), not every name containing "token" or
 * ending in ".key": projects escrow such files on purpose (a deploy key for a runner), and a
 * guess by word would refuse them. It is by path, so it holds for entries added by hand too, and
 * escrow consults it for every file it is asked to embed.
 */

/** File names that are credentials wherever they are. */
const SECRET_NAMES = new Set([
  '.netrc',
  '_netrc',
  '.git-credentials',
  '.pgpass',
  '.npmrc',
  '.pypirc',
  '.env',
  '.credentials.json',
  'oauth_creds.json',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  'id_ecdsa_sk',
  'id_ed25519_sk'
])

/** Paths (relative, ending a manifest path) that are credentials in one tool's directory. */
const SECRET_SUFFIXES = [
  '.codex/auth.json',
  'gh/hosts.yml',
  '.aws/credentials',
  '.docker/config.json',
  '.kube/config',
  'gcloud/credentials.db',
  'gcloud/application_default_credentials.json'
]

/** Directories whose every file is secret. */
const SECRET_DIRS = new Set(['.gnupg'])

/** Templates list which variables exist, without values. */
const ENV_TEMPLATE = /^\.env\.(example|sample|template|dist)$/

/** True when `rel` (a manifest path) names a file that must never be escrowed. */
export function isSecretPath(rel: string): boolean {
  const segs = rel.split('/')
  const name = segs[segs.length - 1] ?? ''
  const parent = segs[segs.length - 2]
  if (segs.slice(0, -1).some(s => SECRET_DIRS.has(s))) return true
  if (SECRET_SUFFIXES.some(s => rel === s || rel.endsWith(`/${s}`))) return true
  if (SECRET_NAMES.has(name)) return true
  if (name.startsWith('.env.') && !ENV_TEMPLATE.test(name)) return true
  // Any private key ssh-keygen writes into .ssh (id_work, id_ed25519_github); .pub is public.
  return parent === '.ssh' && name.startsWith('id_') && !name.endsWith('.pub')
}
