/** The schema's shared column builders: uuid ids, created_at/updated_at as timestamptz, money in integer cents (bigint read as number). */
import { bigint, customType, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** Money column: integer cents. */
export const cents = (name: string) => bigint(name, { mode: 'number' });

export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
