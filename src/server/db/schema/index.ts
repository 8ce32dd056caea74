/**
 * The database schema. Conventions: uuid ids, created_at/updated_at as timestamptz,
 * money in integer cents (bigint read as number), explicit on-delete on every foreign key,
 * an index for every list's filter and sort.
 */
export * from './people';
export * from './webhooks';
export * from './station';
export * from './catalogue';
export * from './orders';
export * from './notifications';
export * from './campaigns';
export * from './billing';
export * from './traffic';
export * from './deliveries';
export * from './audit';
export * from './adcp';
export * from './audience';
export * from '../rollups';
export { cents } from './columns';
