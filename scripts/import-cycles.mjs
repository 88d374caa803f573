#!/usr/bin/env node
// Import circles: prints each one and exits 1, or exits 0. Type-only imports count too: a circle
// of types is still two modules that cannot be understood one without the other.
//
//   node scripts/import-cycles.mjs [DIR]            circles between files of DIR (default src)
//   node scripts/import-cycles.mjs --folders [DIR]  circles between the folders of DIR (default
//                                                   src/core): each folder right below DIR is one
//                                                   node (its subfolders included), each file
//                                                   right in DIR a node of its own
//   node scripts/import-cycles.mjs --folders --draw [DIR]
//                                                   also prints which folder imports which
//
// Two folders that import each other are one layer in two places: no lint rule between them can
// hold, so the folder check keeps the storeys of src/core (substrate, stages, engine) a ladder.
import fs from 'node:fs'
import path from 'node:path'

const args = process.argv.slice(2)
const folders = args.includes('--folders')
const draw = args.includes('--draw')
const root = path.resolve(args.find(a => !a.startsWith('--')) ?? (folders ? 'src/core' : 'src'))
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(d => {
    const p = path.join(dir, d.name)
    if (d.isDirectory()) return files(p)
    return /\.(ts|mts|mjs)$/.test(d.name) && !/\.d\.m?ts$/.test(d.name) ? [p] : []
  })
}

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec)
  for (const c of [base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mjs'), base])
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c
  return undefined
}

/** Each file of `dir` with the files of `dir` it imports. */
function fileGraph(dir) {
  const graph = new Map()
  for (const f of files(dir)) {
    const text = fs.readFileSync(f, 'utf8')
    graph.set(
      f,
      [...text.matchAll(IMPORT)]
        .flatMap(m => resolve(f, m[1]) ?? [])
        .filter(t => t.startsWith(dir + path.sep))
    )
  }
  return graph
}

/** The folder (or top-level file) right below `dir` that holds `file`. */
function folderOf(dir, file) {
  return path.relative(dir, file).split(path.sep)[0]
}

/** The file graph collapsed onto the folders right below `dir`; imports inside a folder drop out. */
function folderGraph(dir, graph) {
  const out = new Map()
  for (const [from, tos] of graph) {
    const a = folderOf(dir, from)
    const set = out.get(a) ?? new Set()
    for (const to of tos) {
      const b = folderOf(dir, to)
      if (b !== a) set.add(b)
    }
    out.set(a, set)
  }
  return new Map([...out].map(([k, v]) => [k, [...v].sort()]))
}

/** Tarjan's strongly connected components: every one larger than a node, or a self-import. */
function circlesOf(graph) {
  let index = 0
  const idx = new Map(),
    low = new Map(),
    on = new Set(),
    stack = [],
    circles = []
  function visit(v) {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)))
    }
    if (low.get(v) === idx.get(v)) {
      const comp = []
      let w
      do {
        w = stack.pop()
        on.delete(w)
        comp.push(w)
      } while (w !== v)
      if (comp.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(comp)
    }
  }
  for (const v of graph.keys()) if (!idx.has(v)) visit(v)
  return circles
}

const files_ = fileGraph(root)
let circles
if (folders) {
  const graph = folderGraph(root, files_)
  if (draw)
    for (const [from, tos] of [...graph].sort(([a], [b]) => a.localeCompare(b)))
      console.log(`${from} -> ${tos.length > 0 ? tos.join(', ') : '(nothing)'}`)
  circles = circlesOf(graph)
  for (const c of circles) {
    // Name the files behind each edge of the circle, so the import to move is plain.
    const inside = new Set(c)
    const edges = [...files_].flatMap(([f, tos]) =>
      tos
        .filter(t => inside.has(folderOf(root, t)) && folderOf(root, t) !== folderOf(root, f))
        .filter(() => inside.has(folderOf(root, f)))
        .map(t => `  ${path.relative(root, f)} -> ${path.relative(root, t)}`)
    )
    console.log(`folder circle: ${[...c].sort().join(' <-> ')}\n${edges.sort().join('\n')}`)
  }
} else {
  circles = circlesOf(files_)
  for (const c of circles)
    console.log(
      'circle: ' +
        c
          .map(f => path.relative(root, f))
          .sort()
          .join(' <-> ')
    )
}
process.exit(circles.length > 0 ? 1 : 0)
