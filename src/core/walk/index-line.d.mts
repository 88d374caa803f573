/** Types for index-line.mjs. */
export declare function indexLine(
  rel: string,
  type: string,
  mode: number,
  size: number,
  extra: string | undefined
): string
