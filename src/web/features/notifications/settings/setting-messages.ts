/** The Email Notification Settings screen's messages (second document, section 7). */
export const SETTING_TOASTS = {
  loadFailed: 'Failed to load notification settings',
  created: 'Setting created successfully',
  updated: 'Setting updated successfully',
  deleted: 'Setting deleted successfully',
  enabled: 'Setting enabled',
  disabled: 'Setting disabled',
  saveFailed: 'Failed to save setting',
  deleteFailed: 'Failed to delete setting',
  updateFailed: 'Failed to update setting',
} as const;

export const DELETE_SETTING_QUESTION = 'Are you sure you want to delete this notification setting?';
