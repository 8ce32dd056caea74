import { describe, expect, it } from 'vitest';
import { redactUrl } from './logging';

describe('redactUrl', () => {
  it('hides reset tokens in paths and tokens in query strings', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?x=1')).toBe('/api/auth/reset-password/[redacted]?x=1');
    expect(redactUrl('/api/media/upload-progress/u1?token=secret&x=2')).toBe('/api/media/upload-progress/u1?token=[redacted]&x=2');
    expect(redactUrl('/api/users')).toBe('/api/users');
  });
});
