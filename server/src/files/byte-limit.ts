import { Transform, type TransformCallback } from 'node:stream';
import { UploadTooLargeError } from './storage';

/**
 * Passes bytes through and fails with `UploadTooLargeError` as soon as more than `maxBytes` went by, so an
 * oversized upload is cut off while it streams instead of after it was stored. `bytes` is the count so far.
 */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new UploadTooLargeError(this.maxBytes));
      return;
    }
    callback(null, chunk);
  }
}
