export const ROLES = ['client', 'traffic_admin'] as const;
export type Role = (typeof ROLES)[number];

export const isAdmin = (role: Role | null | undefined): boolean => role === 'traffic_admin';

/** The label the user menu shows next to a name. */
export const roleMenuLabel = (role: Role): string => (isAdmin(role) ? 'Admin' : 'User');

/** The label the profile page shows. */
export const roleProfileLabel = (role: Role): string => (isAdmin(role) ? 'Administrator' : 'User');
