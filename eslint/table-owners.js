/**
 * Which server module owns (writes) which table (docs/architecture.md, decisions 042 and 054). A module
 * imports from the schema only the tables it owns, and its SQL text names only those
 * (src/server/table-doors.test.ts, which reads this map too); another module's data it reads through
 * that module's doors (its public.ts), or the read-only views an owner publishes there (orders' `orders`
 * and `order_items`; the names of users, brands, media and cards that the orders list joins; a view listed
 * here is a published one). `users` has three
 * writers (sign-up, administration, one's own profile). The platform's tables (outboxes, keys, limits)
 * belong to src/server/platform. `eslint/known-table-crossings.js` lists the reads not yet moved.
 */
export const tableOwners = {
  adcp: ['adcpMediaBuys', 'adcpTasks', 'adcpCreatives'],
  analytics: ['brandHours', 'daypartHours', 'daypartDays', 'daypartWeeks', 'statusHours', 'daypartOrderShares'],
  'api-keys': ['apiKeys'],
  'as-run': ['asRunImports', 'asRunChanges', 'asRunUnmatched'],
  audit: ['auditEvents'],
  auth: ['users', 'sessions', 'passwordResetTokens'],
  billing: ['invoices', 'invoiceLines', 'invoicePayments', 'creditNotes', 'receivableDays', 'receivableCustomers', 'invoiceNumberSeq', 'creditNoteNumberSeq'],
  brands: ['brands', 'brandNamesView'],
  campaigns: ['campaigns', 'campaignDeliveries', 'campaignCounts', 'campaignStatesView'],
  audience: ['books', 'bookUniverses', 'bookRatings', 'postBooks', 'lineAudiences'],
  channels: ['channels'],
  programs: ['channelPrograms'],
  coupons: ['coupons', 'couponUsages'],
  dayparts: ['dayparts', 'daypartWindowsView'],
  health: [],
  makegoods: ['makegoodOffers', 'makegoodEvents', 'makegoodBookingsView'],
  media: ['mediaAssets', 'mediaHouseNumberSeq', 'mediaNamesView'],
  notifications: ['notifications', 'notificationSettings'],
  orders: [
    'estimates',
    'estimateItems',
    'estimateSchedules',
    'estimateScheduleLines',
    'estimateScheduleRevisions',
    'orderCounts',
    'ordersView',
    'orderItemsView',
    'orderSchedulesView',
    'orderScheduleLinesView',
  ],
  'payment-methods': ['paymentMethods', 'cardLabelsView'],
  profile: ['users'],
  reconciliation: ['reconciliations', 'reconciliationBrandDays'],
  station: ['stationProfile'],
  traffic: ['trafficDays', 'trafficSpots', 'trafficMoves', 'logSpotsView', 'logDaysView'],
  users: ['users', 'userNamesView'],
  webhooks: ['webhookEndpoints', 'webhookEvents', 'webhookDeliveries', 'webhookAttempts'],
};

/** The platform's tables (src/server/platform): no module owns them. */
export const platformTables = ['mailOutbox', 'idempotencyKeys', 'rateLimits', 'socketIoAttachments'];

export const allTables = [...new Set([...Object.values(tableOwners).flat(), ...platformTables])].sort();
