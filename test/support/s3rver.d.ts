/** The few parts of s3rver (no published types) the tests use. */
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: unknown[] }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    on(event: 'event', listener: (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void): this;
    close(): Promise<void>;
  }
}
