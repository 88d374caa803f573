/**
 * `models`: model weights of any size at or above a threshold, anywhere in the workspace. Unlike
 * the other scans this one enters volatile directories: models usually live in caches
 * (~/.cache/huggingface, ~/.cache/torch) and build outputs, exactly where wipes strike. Only VCS
 * metadata, .swr and swr's own files are skipped. Symlinks are never followed out of the
 * workspace; a model name that is a symlink to a file inside it (the Hugging Face cache keeps
 * `snapshots/<rev>/model.safetensors -> ../../blobs/<sha>`) stands for the file it points to.
 * Tracking records what a check reads (size, head/tail digest), not a full hash, unless asked.
 */
import fs from 'node:fs'
import path from 'node:path'
import { captureEntry, idTaken, type Captured } from '../capture/capture.js'
import { UsageError } from '../errors.js'
import { isInside } from '../fs/inside.js'
import { pathProblem } from '../manifest/paths.js'
import { hashHeadTail } from '../walk/hash-kernel.mjs'
import type { PoolOptions } from '../walk/hash-pool.js'
import { locateInside } from '../verify/locate-entry.js'
import { octal } from '../walk/mode.js'
import type { Entry } from '../types.js'
import { coverageOf, type Tracker } from './coverage.js'
import { isMetaName, joinRel, listDir, lstatOf, scanBudget } from './scan.js'

export const MODEL_EXTENSIONS = ['.gguf', '.safetensors', '.onnx', '.bin', '.pt', '.pth', '.ckpt']

export const DEFAULT_MIN_MODEL_BYTES = 1024 * 1024

export interface ModelFile {
  /** The file itself (a symlink's target when found through a link). */
  path: string
  bytes: number
  /** The model-named symlink it was found through. */
  via?: string
  tracked?: Tracker
}

export interface ModelScan {
  /** Largest first. */
  models: ModelFile[]
  truncated: boolean
}

export function isModelName(name: string): boolean {
  const lower = name.toLowerCase()
  return MODEL_EXTENSIONS.some(ext => lower.endsWith(ext) && lower.length > ext.length)
}

export function findModels(
  workspace: string,
  entries: readonly Entry[],
  exclude: ReadonlySet<string>,
  minBytes: number
): ModelScan {
  const root = fs.realpathSync(workspace)
  const budget = scanBudget()
  const found = new Map<string, ModelFile>()
  const keep = (m: ModelFile): void => {
    if (pathProblem(m.path)) return
    const seen = found.get(m.path)
    if (!seen || (seen.via && !m.via)) found.set(m.path, m)
  }
  const walk = (absDir: string, relDir: string): void => {
    for (const name of listDir(absDir)) {
      if (!budget.take()) return
      const abs = path.join(absDir, name)
      if (isMetaName(name) || exclude.has(abs)) continue
      const rel = joinRel(relDir, name)
      const st = lstatOf(abs)
      if (st?.isDirectory()) walk(abs, rel)
      else if (!st || !isModelName(name)) continue
      else if (st.isFile()) {
        if (st.size >= minBytes) keep({ path: rel, bytes: st.size })
      } else if (st.isSymbolicLink()) {
        const target = linkedFile(root, abs, minBytes)
        if (target) keep({ ...target, via: rel })
      }
    }
  }
  walk(root, '')
  const cov = coverageOf(entries)
  const models = [...found.values()]
    .map(m => {
      const tracked = cov.trackedBy(m.path)
      return tracked ? { ...m, tracked } : m
    })
    .sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1))
  return { models, truncated: budget.exhausted }
}

/** The regular file a symlink leads to, when it is inside the workspace and large enough. */
function linkedFile(
  root: string,
  link: string,
  minBytes: number
): { path: string; bytes: number } | undefined {
  let real: string
  try {
    real = fs.realpathSync(link)
  } catch {
    return undefined
  }
  if (!isInside(root, real) || real === root) return undefined
  const st = lstatOf(real)
  if (!st?.isFile() || st.size < minBytes) return undefined
  return { path: path.relative(root, real).split(path.sep).join('/'), bytes: st.size }
}

/**
 * A tier-3 blob entry for a model: exact size and head/tail digest, which read 2 MiB whatever the
 * size, so tracking a cache of 100 GB takes seconds. The full sha256 (read by `check --deep`)
 * costs reading every byte; `fullHash` records it through the ordinary capture.
 */
export async function captureModel(
  workspace: string,
  req: { path: string; id: string },
  taken: ReadonlySet<string>,
  opts: { fullHash: boolean; pool?: PoolOptions }
): Promise<Captured> {
  if (opts.fullHash)
    return captureEntry(workspace, { ...req, kind: 'blob', tier: 3 }, taken, {
      pool: opts.pool ?? {}
    })
  if (taken.has(req.id)) throw idTaken(req.id)
  const loc = locateInside(workspace, req.path)
  if (loc.state !== 'present') throw new UsageError(`${req.path}: cannot add: ${loc.why}`)
  if (!loc.st.isFile())
    throw new UsageError(`${req.path}: cannot add as blob: it is not a regular file`)
  const ht = hashHeadTail(loc.abs)
  const expect = { size: ht.size, headtail: ht.sha256, mode: octal(ht.mode) }
  return { entry: { id: req.id, kind: 'blob', path: req.path, tier: 3, needs: [], expect } }
}
