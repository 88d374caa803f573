// The `history` namespace of the engine's face (src/core/index.ts): what only the shells compose.
export { historyAdvice } from '../history/advice.js'
export { runContext } from '../history/context.js'
export { type HistoryLimits, appendHistory, checkRecord, readHistory } from '../history/history.js'
export { type Stats, computeStats, recentLosses } from '../history/stats.js'
