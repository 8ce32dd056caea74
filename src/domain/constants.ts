/** Business constants of the specification that several places share. */
export const START_DATE_MIN_LEAD_DAYS = 7;
export const START_DATE_DEFAULT_LEAD_DAYS = 8;
export const IMPRESSIONS_PER_SPOT = 1366;
export const NOTIFICATION_HISTORY_LIMIT = 50;
export const NOTIFICATION_DROPDOWN_LIMIT = 10;
export const TOAST_LIMIT = 20;
export const RESET_REDIRECT_MS = 2000;
export const API_BASE = '/api';
/** Where the browser keeps the session token. */
export const AUTH_TOKEN_STORAGE_KEY = 'auth_token';
