// What `npm run bundle` does to the CLI's CommonJS output after ncc, each a check that stops the
// build rather than ship a bundle that would fail later. Kept apart from bundle.mjs (which builds
// on import) so the tests can run them on their own inputs.
import * as acorn from 'acorn'
import fs from 'node:fs'
import path from 'node:path'

/**
 * The bundle with every non-ASCII character written as a \\u escape. V8 keeps an all-ASCII source
 * as a one-byte string: read and scanned at every start, that is ~10 ms less of swr's start-up
 * (median of 25 runs of a 10-entry check). Escapes are placed by token, where they mean the same
 * character: string literals, untagged templates (a tag could see the raw text) and regular
 * expressions; anything else that is not ASCII stops the build.
 */
export function asciiOnly(code) {
  const escape = text =>
    text.replace(/[\u0080-\uffff]/g, c => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'))
  const out = []
  let at = 0
  const tags = [] // for each open template, whether a tag precedes it
  let prev = null
  for (const tok of acorn.tokenizer(code, { ecmaVersion: 'latest', allowHashBang: true })) {
    const label = tok.type.label
    // A backquote right after a template chunk closes that template; any other opens one.
    if (label === '`' && prev?.type.label === 'template') tags.pop()
    else if (label === '`') tags.push(/^(name|\)|\]|`|this|super)$/.test(prev?.type.label ?? ''))
    const text = code.slice(tok.start, tok.end)
    prev = tok
    if (!/[\u0080-\uffff]/.test(text)) continue
    const tagged = label === 'template' && tags.at(-1) === true
    if (
      !['string', 'template', 'regexp'].includes(label) ||
      tagged ||
      /\\[\u0080-\uffff]/.test(text)
    )
      throw new Error(
        `bundle: non-ASCII text in a ${tagged ? 'tagged template' : label} at ${tok.start}`
      )
    out.push(code.slice(at, tok.start), escape(text))
    at = tok.end
  }
  out.push(code.slice(at))
  const ascii = out.join('')
  if (/[\u0080-\uffff]/.test(ascii)) throw new Error('bundle: non-ASCII text outside any token')
  return ascii
}

/**
 * In CommonJS output ncc writes `import.meta.url` as `require("url").pathToFileURL(__filename)`.
 * A module that declares its own `require` and `__filename` (@azure/storage-common's crc64.js
 * does, to run in ES modules) has them renamed, and the substitution then calls its own
 * still-undefined variable: "crc64_require is not a function" at the first cache save. Such a
 * call is pointed back at the file's own `require` and `__filename`, which name the same file the
 * module's `import.meta.url` would; any other form stops the build.
 */
export function fixImportMetaUrl(code, file) {
  return code.replace(
    /\b([A-Za-z_$][\w$]*)\("url"\)\.pathToFileURL\(([A-Za-z_$][\w$]*)\)/g,
    (call, req, filename) => {
      if (req === 'require' && filename === '__filename') return call
      if (req.endsWith('_require') && filename.endsWith('_filename'))
        return 'require("url").pathToFileURL(__filename)'
      throw new Error(`bundle: ${file}: cannot place import.meta.url in ${call}`)
    }
  )
}

/**
 * Every CommonJS file must parse as a script: `import.meta` left in one (as a stale build cache
 * once did) would throw a SyntaxError only when that chunk is first loaded, far from the build.
 */
export function commonJs(code, file) {
  try {
    acorn.parse(code, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      allowHashBang: true,
      allowReturnOutsideFunction: true
    })
  } catch (err) {
    throw new Error(`bundle: ${file} is not a CommonJS script: ${err.message}`)
  }
  return code
}

const RELATIVE_IMPORT = /^(\s*(?:import|export)\s[^'"]*?from\s+)(['"])(\.\.?\/[^'"]+)\2/gm

/**
 * The files a worker thread's script needs, flattened into one directory: `entry` and every file
 * it imports by a relative path, transitively, each keyed by its base name and with those imports
 * rewritten to `./name.mjs`. A bundle starts the worker from beside itself, where there are no
 * folders. A relative import of anything but a `.mjs` file, or two files of one name, stops the
 * build (the worker would fail at its first start, not here).
 * @param {string} entry absolute path of the worker's script
 * @returns {Map<string, string>} base name -> source
 */
export function workerFiles(entry) {
  const out = new Map()
  const from = new Map()
  const visit = file => {
    const name = path.basename(file)
    if (from.has(name)) {
      if (from.get(name) !== file)
        throw new Error(`bundle: two worker files named ${name}: ${from.get(name)} and ${file}`)
      return
    }
    from.set(name, file)
    const code = fs.readFileSync(file, 'utf8')
    const deps = []
    const flat = code.replace(RELATIVE_IMPORT, (_m, head, q, spec) => {
      if (!spec.endsWith('.mjs'))
        throw new Error(`bundle: worker file ${file} imports ${spec}, not a .mjs file`)
      deps.push(path.resolve(path.dirname(file), spec))
      return `${head}${q}./${path.basename(spec)}${q}`
    })
    out.set(name, flat)
    for (const d of deps) visit(d)
  }
  visit(entry)
  return out
}
