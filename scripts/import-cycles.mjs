#!/usr/bin/env node
// Import circles in src/: prints each one and exits 1, or exits 0. Type-only imports count too:
// a circle of types is still two modules that cannot be understood one without the other.
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(process.argv[2] ?? 'src')
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

const graph = new Map()
for (const f of files(root)) {
  const text = fs.readFileSync(f, 'utf8')
  graph.set(
    f,
    [...text.matchAll(IMPORT)].flatMap(m => resolve(f, m[1]) ?? [])
  )
}

// Tarjan's strongly connected components: every component larger than one is a circle.
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
for (const c of circles)
  console.log(
    'circle: ' +
      c
        .map(f => path.relative(root, f))
        .sort()
        .join(' <-> ')
  )
process.exit(circles.length > 0 ? 1 : 0)
