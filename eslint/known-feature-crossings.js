/**
 * Feature-to-feature imports that remain (decision 040), each a page composing another feature's
 * component: the order page's traffic, makegoods, audit and billing panels, the shell's bell, the
 * webhook section on the profile and station pages, the client's billing page reusing billing's
 * display. Shorten this list; never lengthen it (a new crossing fails lint).
 */
export const knownFeatureCrossings = [
  'src/web/features/analytics/analytics-dashboard -> src/web/features/orders/new-order-button',
  'src/web/features/my-billing/my-billing-page -> src/web/features/billing/billing-display',
  'src/web/features/my-billing/my-billing-page -> src/web/features/billing/billing-messages',
  'src/web/features/my-billing/my-billing-page -> src/web/features/billing/statement-modal',
  'src/web/features/order-form/order-creative -> src/web/features/media/media-preview-modal',
  'src/web/features/order-form/order-creative -> src/web/features/media/use-media-actions',
  'src/web/features/order-form/order-detail -> src/web/features/audit/order-timeline',
  'src/web/features/order-form/order-detail -> src/web/features/billing/billing-mode-control',
  'src/web/features/order-form/order-detail -> src/web/features/makegoods/order-makegoods',
  'src/web/features/order-form/order-detail -> src/web/features/traffic/order-spots',
  'src/web/features/orders/new-order-button -> src/web/features/order-form/discard-untouched-draft',
  'src/web/features/profile/profile-page -> src/web/features/webhooks/webhooks-section',
  'src/web/features/shell/app-layout -> src/web/features/notifications/realtime-provider',
  'src/web/features/shell/notification-bell -> src/web/features/notifications/notification-list',
  'src/web/features/shell/notification-bell -> src/web/features/notifications/notification-panel',
  'src/web/features/station/station-settings -> src/web/features/webhooks/webhooks-section',
];
