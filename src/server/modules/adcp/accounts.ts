/**
 * The AdCP accounts an API key acts for (decision 035). An advertiser's key acts for its own account
 * (its id; the buy's brand is found or made by name). An agency's key (decision 034: a client with a
 * commission rate, each advertiser a brand it holds) acts also for each of its advertisers' brands:
 * `list_accounts` lists one account per brand (`account_id` the brand's id), and `create_media_buy`
 * with that `account_id` books the agency's order on that brand, invoiced to the agency with the
 * brand's billing details and net of its commission. Another account's brand is refused.
 */
import { brandSummary, brandsNamed, brandsOfOwner } from '../brands/public';
import { userSummary } from '../users/public';
import type { Tx } from '../../platform/db';
import type { Actor } from '../auth/service';
import { adcpError } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccountRef {
  account_id?: string | null;
  brand?: { domain?: string | null; brand_id?: string | null } | null;
  operator?: string | null;
}

const isAgency = async (db: Tx, actor: Actor) => {
  const user = await userSummary(db, actor.id);
  return user?.agencyCommissionRate != null;
};

/** The key's own account, then (for an agency) one account per advertiser's brand, by name. */
export const listAccounts = async (db: Tx, actor: Actor, buyerName: string) => {
  const own = { account_id: actor.id, name: buyerName, status: 'active' as const, billing: 'operator' as const, payment_terms: 'net_30' as const };
  if (!(await isAgency(db, actor))) return [own];
  const held = await brandsOfOwner(db, actor.id, 1000);
  return [
    { ...own, account_scope: 'operator' as const },
    ...held.map((b) => ({
      account_id: b.id,
      name: b.legalName,
      advertiser: b.commonName,
      operator: buyerName,
      status: 'active' as const,
      // The agency is invoiced for its advertisers' buys (decision 034), with the brand's billing details.
      billing: 'operator' as const,
      payment_terms: 'net_30' as const,
      account_scope: 'operator_brand' as const,
    })),
  ];
};

const notFound = (what: string, field: string) =>
  adcpError('ACCOUNT_NOT_FOUND', `Account ${what} is not one this API key acts for`, { field, suggestion: 'Use an account_id from list_accounts' });

/**
 * The brand a buy is booked on, when its account names one: an `account_id` of one of the key's
 * brands, or `account.brand` (its brand_id, else domain) matching one of them by name. Undefined when
 * the account is the key's own (the buy's brand field then says which brand).
 */
export const brandOfAccount = async (tx: Tx, actor: Actor, account: AccountRef | null | undefined): Promise<{ id: string; name: string } | undefined> => {
  if (!account) return undefined;
  if (account.account_id != null) {
    if (account.account_id === actor.id) return undefined;
    if (!UUID.test(account.account_id)) throw notFound(account.account_id, 'account.account_id');
    const found = await brandSummary(tx, account.account_id, actor.id);
    if (!found) throw notFound(account.account_id, 'account.account_id');
    return { id: found.id, name: found.commonName };
  }
  const name = (account.brand?.brand_id ?? account.brand?.domain ?? '').trim();
  if (!name) return undefined;
  const matches = (await brandsNamed(tx, actor.id, name, 2)).map((brand) => ({ id: brand.id, name: brand.commonName }));
  if (matches.length === 0) throw notFound(name, 'account.brand');
  if (matches.length > 1)
    throw adcpError('ACCOUNT_AMBIGUOUS', `More than one account is named ${name}`, {
      field: 'account.brand',
      suggestion: 'Use an account_id from list_accounts',
    });
  return matches[0];
};
