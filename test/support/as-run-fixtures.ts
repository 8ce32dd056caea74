/** As-run fixtures: a file sent to POST /api/traffic/as-run as multipart/form-data, as the As-run screen sends it. */
import type { TestApp } from './app';

/** `fields` are sent before the file (as the screen sends `close_day`). */
export const uploadAsRun = (
  t: TestApp,
  name: string,
  content: string | Buffer,
  token: string | null,
  type = 'text/csv',
  fields: Record<string, string> = {},
) => {
  const boundary = '----spotbookasrun';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([field, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.inject({
    method: 'POST',
    url: '/api/traffic/as-run',
    token: token ?? undefined,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
};
