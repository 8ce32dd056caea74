import { describe, expect, it } from 'vitest';
import { NOTIFICATION_HISTORY_LIMIT, toastDurationMs, type Notification } from '../../src/domain/realtime';

const toast = (type: Notification['type'], status: string | null, subType: Notification['subType'] = null) => toastDurationMs({ type, status, subType });

describe('toast durations (spec section 9)', () => {
  it('follows the type and status', () => {
    expect(toast('estimate_status_change', 'approved')).toBe(5000);
    expect(toast('estimate_status_change', 'rejected')).toBe(6000);
    expect(toast('estimate_status_change', 'modified')).toBe(5000);
    expect(toast('estimate_status_change', 'scheduled')).toBe(4000);
    expect(toast('media_status_change', 'approved')).toBe(4000);
    expect(toast('media_status_change', 'rejected')).toBe(5000);
    expect(toast('system_message', null, 'success')).toBe(4000);
    expect(toast('system_message', null, 'error')).toBe(5000);
    expect(toast('system_message', null, 'warning')).toBe(5000);
    expect(toast('system_message', null, 'info')).toBe(4000);
    expect(toast('system_message', null)).toBe(4000);
    expect(toast('new_estimate', 'ordered')).toBe(4000);
    expect(toast('new_media_upload', 'pending')).toBe(4000);
  });

  it('keeps a history of 50', () => {
    expect(NOTIFICATION_HISTORY_LIMIT).toBe(50);
  });
});
