// The `textReport` namespace of the engine's face (src/core/index.ts): the pieces of the text
// reports a shell composes its own output from (plans, steps, findings, ids, bounded lists).
export {
  boundedLines,
  fewIds,
  findingLines,
  renderCollateral,
  renderPlan,
  renderStep,
  renderWhy
} from '../report/text.js'
