/**
 * How much of each channel GitHub gives a step, and the share swr takes, in one place. GitHub's
 * documented limits:
 *
 * - Step and job outputs: 1 MB per job in total, 50 MB per workflow run, size counted as UTF-16.
 * - Job summary: 1 MiB (1024 KiB) per step; a larger GITHUB_STEP_SUMMARY is dropped whole.
 * - Annotations: 10 error, 10 warning and 10 notice annotations shown per step, 50 per job.
 * - Code scanning SARIF: 25,000 results per run accepted, the 5,000 most severe shown; 10 MB
 *   (gzip-compressed) per upload.
 *
 * swr's outputs together stay under a quarter of the job's 1 MB, so the other steps of the job
 * keep the rest. Whatever a bound leaves out is counted where it was cut, and the full JSON report
 * (the `report-path` output) always has everything.
 */

/** GitHub: bytes of one step's summary. */
export const GITHUB_SUMMARY_BYTES = 1024 * 1024
/** GitHub: annotations of each level (error, warning, notice) shown per step. */
export const GITHUB_ANNOTATIONS_PER_LEVEL = 10
/** GitHub: SARIF results shown per run (more are accepted up to 25,000, and not shown). */
export const GITHUB_SARIF_RESULTS_SHOWN = 5000

/**
 * The summary swr writes, markers and links included: three quarters of the step's limit. A
 * summary over the limit is dropped whole, and the budget is counted before the runner adds
 * anything of its own, so the rest is room to spare rather than a target.
 */
export const SUMMARY_BUDGET = (GITHUB_SUMMARY_BYTES * 3) / 4

/** The `report` output (compact JSON). */
export const REPORT_OUTPUT_BYTES = 64 * 1024
/** The `damaged` and `repaired` outputs (JSON arrays of ids), each. */
export const ID_LIST_OUTPUT_BYTES = 16 * 1024
/** The `stats` output (survival JSON). */
export const STATS_OUTPUT_BYTES = 64 * 1024
/** The `canary` output (planting or reading JSON). */
export const CANARY_OUTPUT_BYTES = 64 * 1024

/**
 * Terminal output: ids one line names before it only counts the rest, and lines of one kind
 * (an added entry, a skipped file) printed before the rest are counted. `--json` lists them all;
 * 10,000 entries once made a 1 MB line.
 */
export const LINE_IDS = 5
export const LISTED_LINES = 10

/** Ids an overflow notice names before it only counts the rest. */
export const NOTICE_IDS = 20
/** Characters of one annotation's message (GitHub shows a few lines of it anyway). */
export const ANNOTATION_MESSAGE_CHARS = 2048
/** Rows of each survival table in a summary (classes, locations, entries). */
export const SURVIVAL_TABLE_ROWS = 200
/** Results in a SARIF file: the ones code scanning shows. */
export const SARIF_RESULTS = GITHUB_SARIF_RESULTS_SHOWN

/**
 * What an output of `text` costs against GitHub's budget: GitHub counts UTF-16, and the bytes on
 * disk are UTF-8; the larger of the two.
 */
export function outputSize(text: string): number {
  return Math.max(Buffer.byteLength(text, 'utf8'), text.length * 2)
}
