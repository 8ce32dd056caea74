import { cellClasses } from './table';

/** Body cells a little tighter than the shared default, so the wider lists fit beside the sidebar. */
export const compactCell = `${cellClasses} px-3!`;
/** The same tighter padding for header cells. */
export const compactHeader = 'px-3!';
