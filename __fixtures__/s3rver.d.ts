// The part of s3rver's API the test server uses (the package ships no types).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net'
  interface S3rverOptions {
    address?: string
    port?: number
    silent?: boolean
    directory?: string
    configureBuckets?: { name: string }[]
  }
  export default class S3rver {
    constructor(options: S3rverOptions)
    run(): Promise<AddressInfo>
    close(): Promise<void>
  }
}
