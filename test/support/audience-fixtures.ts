/** Audience fixtures (issue 43): a ratings book (CSV, or a Proposal XML) sent to POST /api/books as multipart/form-data, its fields before the file. */
import type { TestApp } from './app';

export const uploadBook = (
  t: TestApp,
  content: string,
  fields: Record<string, string>,
  token: string | null,
  file: { name: string; type: string } = { name: 'book.csv', type: 'text/csv' },
) => {
  const boundary = '----spotbookbook';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([field, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${content}\r\n--${boundary}--\r\n`,
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
