// The `buckets` namespace of the engine's face (src/core/index.ts): S3 locations, their checks and
// the copies `swr doctor` saves there.
export { checkBucket, checkPrefix, parseS3Url, S3Failure } from '../s3-port.js'
export { saveS3Copies } from '../engine/s3-copies.js'
