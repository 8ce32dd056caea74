import { formatInstantDate } from '../shared/station-time';
import { isAdmin, type Role } from '../../domain/roles';
import { fullName, type UserListItem } from '../../domain/users';

/** The role as the users list and its counts name it: Admin (traffic_admin) or Client. */
export const roleListLabel = (role: Role): string => (isAdmin(role) ? 'Admin' : 'Client');

/** The name to show for a user, or null when none was given. */
export const userName = (user: UserListItem): string | null => user.full_name?.trim() || fullName(user.first_name, user.last_name);

/** 'Jan 5, 2025'; '—' when the date cannot be read. */
export const formatJoined = (isoDate: string): string => formatInstantDate(isoDate);
