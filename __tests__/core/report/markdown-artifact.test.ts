/**
 * The job summary's link to the report artifact: the one link swr puts in a summary. Its text and
 * URL come from the runner's variables and the artifact service's answer, so neither may add a
 * link, a table cell or a scheme of its own; and cut rows point at it, within the summary budget.
 */
import { describe, expect, it } from '@jest/globals'
import { renderMarkdown } from '../../../src/core/report/markdown.js'
import { GITHUB_SUMMARY_BYTES, SUMMARY_BUDGET } from '../../../src/core/report/limits.js'
import { markdownLink } from '../../../src/core/text/escape.js'
import { finding, reportFor } from '../../../__fixtures__/report.js'

describe('markdownLink', () => {
  it('links an https URL, its text escaped', () => {
    expect(
      markdownLink('artifact swr_1', 'https://github.com/o/r/actions/runs/1/artifacts/2')
    ).toBe('[artifact swr\\_1](https://github.com/o/r/actions/runs/1/artifacts/2)')
  })

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<b>x</b>'],
    ['file:///etc/passwd'],
    ['not a url']
  ])('gives %s no link, only the escaped text', url => {
    expect(markdownLink('see [here](x)', url)).toBe('see \\[here\\](x)')
  })

  it('cannot end the destination or split a table cell', () => {
    const out = markdownLink('x', 'https://h.example/a)b|c d[e]\\f(g)')
    expect(out).toBe('[x](https://h.example/a%29b%7Cc%20d%5Be%5D/f%28g%29)')
    expect(out.slice(out.indexOf('](') + 2, -1)).not.toMatch(/[()|[\]\s]/)
  })
})

describe('renderMarkdown with a report artifact', () => {
  const artifact = {
    name: 'swr-check-job-abc',
    url: 'https://github.com/o/r/actions/runs/1/artifacts/7'
  }
  const link = `[artifact swr-check-job-abc](${artifact.url})`

  it('says where the full report and SARIF are', () => {
    const md = renderMarkdown(reportFor([finding('a', 'MISSING')]), {
      reportPath: '/tmp/_temp/r.json',
      reportArtifact: artifact
    })
    expect(md).toContain(`Full report and SARIF: ${link}`)
    expect(md).not.toContain('/tmp/_temp/r.json')
  })

  it('points the cut rows at the artifact, within three quarters of the step limit', () => {
    const ids = Array.from({ length: 6000 }, (_, i) => `entry-${i}-${'x'.repeat(100)}`)
    const md = renderMarkdown(reportFor(ids.map(id => finding(id, 'MISSING'))), {
      reportPath: '/tmp/_temp/r.json',
      reportArtifact: artifact
    })
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(SUMMARY_BUDGET)
    expect(SUMMARY_BUDGET).toBeLessThanOrEqual(0.8 * GITHUB_SUMMARY_BYTES)
    expect(md).toMatch(
      new RegExp(
        `^\\| … and [\\d,]+ more MISSING \\| \\| \\| see ${link.replace(/[[\]().|/]/g, '\\$&')} \\|`,
        'm'
      )
    )
  })
})
