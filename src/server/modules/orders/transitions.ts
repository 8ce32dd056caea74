/**
 * An order's status transitions, for other modules (decision 042): the station clock's and Order
 * Management's moves, an AdCP buy's submit and withdraw, and the media approval that goes with booking. Their side effects reach into campaigns, billing,
 * coupons, dayparts, media and notifications, so those modules never import this file (they take ./public).
 */
export { setStatusByAdmin, submitOrder } from './status';
export { withdrawOrder } from './withdraw';
// Approving a booked order's pending spot with it (an AdCP creative assigned to a booked buy)
export { approveOrderMedia } from './media-gate';
