/** A multipart/form-data body with text fields and at most one file, in the given order (as FormData sends it). */
export function multipartForm(
  parts: ({ name: string; value: string } | { name: string; filename: string; content: string | Buffer })[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----portal-form-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        typeof part.content === 'string' ? Buffer.from(part.content, 'utf8') : part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
