/** Audience fixtures (issue 43): a ratings book sent to POST /api/books as multipart/form-data, its fields before the file. */
import type { TestApp } from './app';

export const uploadBook = (t: TestApp, csv: string, fields: Record<string, string>, token: string | null) => {
  const boundary = '----spotbookbook';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([field, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    ),
  ]);
  return t.inject({
    method: 'POST',
    url: '/api/books',
    token: token ?? undefined,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
};

/** A book's fields: its name, Nielsen, a survey period, and any others given. */
export const bookFields = (name: string, extra: Record<string, string> = {}) => ({
  name,
  rating_service: 'Nielsen',
  survey_period: 'Nov26 DMA Live+3',
  ...extra,
});
