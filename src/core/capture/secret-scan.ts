/**
 * Finding credentials in text: secretlint's recommended rule set (a maintained list of provider
 * token shapes: AWS, GCP service-account keys, GitHub, GitLab, npm, Slack, OpenAI, Anthropic,
 * Hugging Face, SendGrid, Shopify, Grafana, Vault, Vercel, Docker PATs, private keys, basic-auth
 * and database URLs…) and swr's own rules for the shapes that set leaves out on purpose or has
 * not got yet (OWN_RULES below, each saying why).
 *
 * The rule set is loaded on first need (`loadSecretScan`), never at start-up: only escrow and
 * output scrubbing ask for it. Its rules are run here, synchronously, through the rule API every
 * secretlint rule implements (`create(context)` → `file(source)` → `context.report`), because
 * secretlint's own runner answers only with a Promise and scrubbing happens inside a synchronous
 * line callback. Two things of secretlint are left out on purpose: the comment filter (a file
 * could switch detection off for itself with `secretlint-disable`), and reading any file (rules
 * see the bytes swr already read; a rule that wants a path to open gets none).
 *
 * A finding carries the rule's name and the secret strings, never secretlint's message (which
 * quotes the secret): callers print rule names only.
 */
import type { SecretLintRuleCreator, SecretLintSourceCode } from '@secretlint/types'
import type { SecretFinding, SecretScan } from '../exec/scrub.js'

interface OwnRule {
  id: string
  /** Global; the secret is group `v` when the rule has one, else the whole match. */
  re: RegExp
  /** Only for files with this name (no file: never). */
  files?: (name: string) => boolean
}

/** Names a credential hides behind: `DB_PASSWORD`, `clientSecret`, `PrivateKey`, `_authToken`… */
const SECRET_KEY =
  '(?:pass(?:word|wd|phrase)?|pwd|secret|token|api[_-]?key|access[_-]?key|secret[_-]?key|private[_-]?key|client[_-]?key[_-]?data|auth)'

/** Dotenv and direnv files, not their templates (which list names with placeholder values). */
const DOTENV = (name: string): boolean =>
  (name === '.env' || name === '.envrc' || name.startsWith('.env.')) &&
  !/^\.env\.(example|sample|template|dist)$/.test(name)

/**
 * swr's own rules: each is a shape the maintained set does not report.
 * - assignment, json-field: a value given to a key named like a credential (`*_PASSWORD=`,
 *   `*_SECRET=`, `api_key:`, `"password": "…"`). secretlint has no keyword rule by design (false
 *   positives in source code); escrow would rather refuse a config file than embed its password.
 *   This also covers WireGuard `PrivateKey =`, kubeconfig `client-key-data:`/`token:`, .npmrc
 *   `_auth=`/`_authToken=`, .pypirc `password =` and the `auth` of docker/podman `auth.json`.
 *   Line-start keys only, and values that end where a word ends, so `token = getToken()` in code
 *   is not one; `${VAR}`, `$(cmd)`, `<…>` and `{{…}}` references are not values.
 * - age, stripe, rubygems, pypi: provider formats missing from the set.
 * - netrc: `machine … login … password …` wherever it is written, and a `password X` line.
 * - dotenv-value: in a .env/.envrc file, a long random-looking value under any name.
 */
const OWN_RULES: readonly OwnRule[] = [
  {
    id: 'assignment',
    re: new RegExp(
      `^[ \\t]*(?:export[ \\t]+|-[ \\t]+)?["']?[\\w.\\-/:@]*?${SECRET_KEY}["']?[ \\t]*[:=][ \\t]*["']?(?<v>[^\\s"'#,;()\\[\\]{}<>]{6,})(?=["']?(?:[\\s,;#]|$))`,
      'gim'
    )
  },
  {
    id: 'json-field',
    re: new RegExp(`"[\\w.\\-]*?${SECRET_KEY}"[ \\t]*:[ \\t]*"(?<v>[^"\\s]{6,})"`, 'gi')
  },
  { id: 'age', re: /AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}/g },
  { id: 'stripe', re: /\b[rs]k_(?:live|test)_[0-9A-Za-z]{24,247}\b/g },
  { id: 'rubygems', re: /\brubygems_[0-9a-f]{48}\b/g },
  { id: 'pypi', re: /\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/g },
  { id: 'netrc', re: /\bmachine\s+\S+\s+(?:login\s+\S+\s+)?password\s+(?<v>\S+)/g },
  // A netrc written one token pair a line, as it is read a line at a time.
  { id: 'netrc', re: /^[ \t]*password[ \t]+(?<v>\S+)[ \t]*$/gm },
  {
    id: 'dotenv-value',
    re: /^[ \t]*(?:export[ \t]+)?[A-Za-z_][\w.]*[ \t]*=[ \t]*["']?(?<v>(?=[^\s"']*[A-Za-z])(?=[^\s"']*\d)[A-Za-z0-9+/=_][A-Za-z0-9+/=_-]{19,})["']?[ \t]*$/gm,
    files: DOTENV
  }
]

/** Values that stand for a secret without being one: references, placeholders, flags, numbers. */
const NOT_A_VALUE =
  /^(?:[$%*<{[]|true$|false$|yes$|no$|null$|none$|nil$|undefined$|required$|optional$|\d+$|(.)\1*$)|example|placeholder|your[_-]|changeme|redacted/i

function ownScan(text: string, file?: string): SecretFinding[] {
  const name = file?.slice(file.lastIndexOf('/') + 1) ?? ''
  const found: SecretFinding[] = []
  for (const rule of OWN_RULES) {
    if (rule.files && !rule.files(name)) continue
    const values = [...text.matchAll(rule.re)]
      .map(m => m.groups?.v ?? m[0])
      .filter(v => !NOT_A_VALUE.test(v))
    if (values.length > 0) found.push({ rule: `swr/${rule.id}`, values })
  }
  return found
}

type Rule = SecretLintRuleCreator<Record<string, unknown>>
type Handlers = ReturnType<Rule['create']>

/** Strings of at least 8 characters that a report's data quotes and the text holds. */
function quoted(data: unknown, text: string): string[] {
  if (data === null || typeof data !== 'object') return []
  return Object.values(data).filter(
    (v): v is string => typeof v === 'string' && v.length >= 8 && text.includes(v)
  )
}

/**
 * The preset's rules behind one synchronous scan. Each rule is created once; its reports go to
 * the scan in progress. A report's secret is the string its data quotes (a report's range is not
 * always the secret's: the AWS secret rule's starts at the key's name), else its range.
 */
function hostRules(rules: readonly Rule[]): SecretScan {
  let sink: { text: string; out: SecretFinding[] } | undefined
  const handlers: Handlers[] = []
  // secretlint-rule-aws reports access key ids only with this option set.
  const options: Record<string, Record<string, unknown>> = {
    '@secretlint/secretlint-rule-aws': { enableIDScanRule: true }
  }
  for (const rule of rules) {
    if (rule.meta.type !== 'scanner') continue // the comment filter: see the module comment
    const name = rule.meta.id.replace(/^@secretlint\/secretlint-rule-/, '')
    const handler = rule.create(
      {
        sharedOptions: {},
        createTranslator: () =>
          ((messageId: string, data?: unknown) => ({
            message: messageId,
            messageId,
            data
          })) as never,
        report: d => {
          if (!sink) return
          const fromData = quoted(d.data ?? d.message.data, sink.text)
          const values = fromData.length > 0 ? fromData : [sink.text.slice(d.range[0], d.range[1])]
          sink.out.push({ rule: `${name}/${d.message.messageId}`, values })
        },
        ignore: () => {}
      },
      options[rule.meta.id] ?? {}
    )
    if (handler.file) handlers.push(handler)
  }
  return (text, file) => {
    const ext = /\.[^./]+$/.exec(file ?? '')?.[0] ?? ''
    const source: SecretLintSourceCode = {
      content: text,
      // A rule that would open its file (GCP's .p12 check) gets no path to open.
      filePath: ext === '.p12' ? undefined : file,
      physicalFilePath: undefined,
      contentType: 'text',
      ext,
      hasBOM: false,
      getFilePath: () => file,
      getPhysicalFilePath: () => undefined,
      // Locations are for editors; no rule of the set judges by them.
      locationToRange: () => [0, 0],
      rangeToLocation: () => ({ start: { line: 1, column: 0 }, end: { line: 1, column: 0 } }),
      positionToIndex: () => 0,
      indexToPosition: () => ({ line: 1, column: 0 })
    }
    const out: SecretFinding[] = []
    sink = { text, out }
    try {
      for (const h of handlers) {
        // The text rules report synchronously; a rule that answers later is not waited for.
        const pending = h.file?.(source)
        if (pending) pending.catch(() => {})
      }
    } finally {
      sink = undefined
    }
    return out
  }
}

/** swr's own rules alone: synchronous, nothing to load (what `add` judges content by). */
export const ownSecretScan: SecretScan = ownScan

let loaded: Promise<SecretScan> | undefined

/** The maintained rule set and swr's own rules, loaded once, on first call. */
export function loadSecretScan(): Promise<SecretScan> {
  loaded ??= import('@secretlint/secretlint-rule-preset-recommend').then(preset => {
    const maintained = hostRules(preset.rules as unknown as Rule[])
    return (text, file) => [...ownScan(text, file), ...maintained(text, file)]
  })
  return loaded
}
