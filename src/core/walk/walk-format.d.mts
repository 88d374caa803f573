/** Types for walk-format.mjs (plain JavaScript so the worker kernel can import it). */
import type { BigIntStats, Stats } from 'node:fs'

export type RecordType = 'f' | 'd' | 'l' | 'o'
export declare const TYPE: Readonly<{ file: 'f'; dir: 'd'; link: 'l'; other: 'o' }>
export declare function typeOf(st: Stats | BigIntStats): RecordType
export declare function compareNames(a: string, b: string): number
export declare function sortNames(names: string[]): string[]
export declare function visitedAfter(a: string, b: string): boolean
export declare function modeText(mode: number): string
/** A time as the cache stamp spells it (GNU find's %T@ form). */
export declare function stampTime(ns: bigint): string
/** stampTime of a time spelled in decimal nanoseconds. */
export declare function stampTimeOf(ns: string): string
/** The nanoseconds a stamp time spells (stampTimeOf's inverse). */
export declare function stampTimeNs(text: string): bigint
/** A meta line's fields after its path (lines start with their path). */
export declare function metaTail(type: RecordType, size: number, mode: number): string
/** A stamp line after its path, from decimal values. */
export declare function stampTail(
  type: RecordType,
  dev: string,
  ino: string,
  mtimeNs: string,
  ctimeNs: string
): string
export declare function metaFields(
  rel: string,
  type: RecordType,
  size: number | bigint,
  mode: number
): string
export declare function metaLine(
  rel: string,
  type: RecordType,
  size: number | bigint,
  mode: number
): string
export declare function metaLineOf(fields: string): string
export declare function contentLine(fields: string, extra: string): string
/** A special file's line: its path and kind ("char 1:3"). */
export declare function specialLine(rel: string, kind: string): string
export declare function stampLine(
  rel: string,
  type: RecordType,
  dev: bigint,
  ino: bigint,
  mtimeNs: bigint,
  ctimeNs: bigint
): string
export declare function findFormat(kind: 'meta' | 'stamp', type: RecordType): string
export declare function findPrintArgs(kind: 'meta' | 'stamp'): string[]
export declare const LINE_END: number
export declare const FIELD_SEP: number
export declare const DIR_BYTE: number
export declare function identText(
  dev: bigint | string,
  ino: bigint | string,
  mtimeNs: bigint | string,
  ctimeNs: bigint | string
): string
export declare function cacheText(ident: string, size: number, sha256: string): string

export interface WalkRules {
  /** Names left out before their lstat (plain-name ignore rules). */
  skip?: ReadonlySet<string>
  /** Absolute paths left out (swr's own files). */
  exclude: ReadonlySet<string>
  /** Entries left out after their lstat (ignore rules that need the type). */
  ignored?: (rel: string, name: string, isDir: boolean) => boolean
}
export type EachEntry = (
  abs: string,
  rel: string,
  type: RecordType,
  st: BigIntStats,
  /** With visitTree's `open`: the regular file's descriptor, closed when `each` returns. */
  fd?: number
) => void
export declare function eachChild(
  absDir: string,
  relDir: string,
  rules: WalkRules,
  each: EachEntry
): void
export declare function eachChildListed(
  absDir: string,
  relDir: string,
  rules: WalkRules,
  each: (abs: string, rel: string, type: RecordType, st: BigIntStats | undefined) => void
): void
export declare function lookAtListed(
  abs: string,
  rel: string,
  name: string,
  ignored: WalkRules['ignored']
): { type: RecordType; st: BigIntStats; fd?: number } | undefined
export declare function visitTree(
  rootAbs: string,
  rootRel: string,
  rules: WalkRules,
  each: EachEntry,
  unreadable: { rel: string; code: string }[],
  open?: boolean
): void
export declare const READ_FLAGS: number
