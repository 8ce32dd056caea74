/** What other modules use from notifications. */
export { createNotifier, publishNotification, type Notifier, type Staged } from './publish';
export {
  notifyCreditNoteIssued,
  notifyInvoiceSent,
  notifyMakegoodReply,
  notifyMediaStatusChange,
  notifyNewMediaUpload,
  notifySystemMessage,
  stageEstimateStatusChange,
  stageNewEstimate,
  stageOrderWithdrawn,
  stageScheduleRevisionNotice,
} from './events';
export { notificationsRoutes } from './routes';
