/** A multipart/form-data body with one file field, as a browser's FormData upload sends it. */
export function multipartFile(
  content: string | Buffer,
  options: { filename?: string; field?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${
      options.filename ?? 'daten.csv'
    }"\r\nContent-Type: ${options.contentType ?? 'text/csv'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return {
    payload: Buffer.concat([head, body, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
