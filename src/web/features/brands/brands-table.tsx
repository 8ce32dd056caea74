import type { Brand } from '../../../domain/brand-schemas';
import { formatCount } from '../../../domain/format';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Table, Th } from '../../ui/table';
import { useSortedTable } from '../../ui/use-sorted-table';
import { BRAND_DELETE_BLOCKED, brandContact } from './brand-display';
import { UnavailableAction } from '../../ui/unavailable-action';
import { compactCell, compactHeader } from '../../ui/table-styles';

const sortValues = {
  common: (b: Brand) => b.common_name,
  legal: (b: Brand) => b.legal_name,
  contact: (b: Brand) => brandContact(b),
  email: (b: Brand) => b.email,
  orders: (b: Brand) => b.order_count,
  owner: (b: Brand) => b.owner_email,
};

const dangerGhost = 'text-red-600 hover:bg-red-50 hover:text-red-700';

interface BrandsTableProps {
  brands: readonly Brand[];
  /** Administrators see the owner and may edit brands that have orders. */
  admin: boolean;
  busyBrandId: string | null;
  onEdit: (brand: Brand) => void;
  onDelete: (brand: Brand) => void;
}

export const BrandsTable = ({ brands, admin, busyBrandId, onEdit, onDelete }: BrandsTableProps) => {
  const { rows, header } = useSortedTable(brands, sortValues, { key: 'common', direction: 'asc' }, `whitespace-nowrap ${compactHeader}`);

  return (
    <Table caption="Brands">
      <thead className="bg-slate-50">
        <tr>
          {header('Common Name', 'common')}
          {header('Legal Name', 'legal')}
          {header('Contact', 'contact')}
          {header('Email', 'email')}
          {header('Orders', 'orders', 'text-right')}
          {admin && header('Owner', 'owner')}
          <Th className={`relative text-right ${compactHeader}`}>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 bg-white">
        {rows.map((brand) => {
          const busy = busyBrandId === brand.id;
          return (
            <tr key={brand.id} className="hover:bg-slate-50">
              <td className={`${compactCell} font-medium text-slate-900`}>{brand.common_name}</td>
              <td className={compactCell}>{brand.legal_name}</td>
              <td className={compactCell}>
                <span className="block">{brandContact(brand) ?? '—'}</span>
                {brand.phone && (
                  <span className="block whitespace-nowrap text-xs text-slate-500">
                    <span className="sr-only">Phone </span>
                    {brand.phone}
                  </span>
                )}
              </td>
              <td className={`${compactCell} max-w-40 truncate`} title={brand.email ?? undefined}>
                {brand.email ? (
                  <a href={`mailto:${brand.email}`} className="rounded text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600">
                    {brand.email}
                  </a>
                ) : (
                  '—'
                )}
              </td>
              <td className={`${compactCell} text-right tabular-nums`}>
                {brand.order_count > 0 ? <Badge tone="blue">{formatCount(brand.order_count)}</Badge> : <span className="text-slate-500">0</span>}
              </td>
              {admin && (
                <td className={`${compactCell} max-w-36 truncate`} title={brand.owner_email ?? undefined}>
                  {brand.owner_email}
                </td>
              )}
              <td className={`${compactCell} text-right`}>
                <div className="flex justify-end gap-2">
                  {/* A brand with orders can be edited too: its names are then locked (issue 29, item 17). */}
                  <Button variant="secondary" size="sm" disabled={busy} aria-label={`Edit ${brand.common_name}`} onClick={() => onEdit(brand)}>
                    Edit
                  </Button>
                  {brand.has_orders ? (
                    <UnavailableAction label={`Delete ${brand.common_name}`} reason={BRAND_DELETE_BLOCKED} className={dangerGhost}>
                      Delete
                    </UnavailableAction>
                  ) : (
                    <Button
                      variant="ghost"
                      size="sm"
                      loading={busy}
                      aria-label={`Delete ${brand.common_name}`}
                      className={dangerGhost}
                      onClick={() => onDelete(brand)}
                    >
                      Delete
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
};
