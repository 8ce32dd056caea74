import { RECONCILIATION_PERIODS } from '../../../domain/reconciliation';
import { useBrands } from '../../api/brands';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/form-fields';

interface Props {
  period: number;
  onPeriod: (days: number) => void;
  brandId: string;
  onBrand: (brandId: string) => void;
  refreshing: boolean;
  onRefresh: () => void;
  exporting: boolean;
  onExport: () => void;
  /** The first load is under way: nothing to refresh yet. */
  disabled: boolean;
}

/** Period, brand, Refresh and Export Report. */
export const ReconciliationControls = ({ period, onPeriod, brandId, onBrand, refreshing, onRefresh, exporting, onExport, disabled }: Props) => {
  const brands = useBrands();
  const options = [...(brands.data ?? [])].sort((a, b) => a.common_name.localeCompare(b.common_name));
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <SelectField label="Period" value={period} onChange={(e) => onPeriod(Number(e.target.value))} className="sm:w-44">
        {RECONCILIATION_PERIODS.map((days) => (
          <option key={days} value={days}>
            Last {days} days
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Brand"
        value={brandId}
        onChange={(e) => onBrand(e.target.value)}
        className="sm:w-56"
        hint={brands.isError ? 'Brands could not be loaded' : undefined}
      >
        <option value="">All Brands</option>
        {options.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.common_name}
          </option>
        ))}
      </SelectField>
      <div className="grid grid-cols-2 gap-2 sm:ml-auto sm:flex">
        <Button variant="secondary" loading={refreshing} disabled={disabled} onClick={onRefresh}>
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </Button>
        <Button loading={exporting} onClick={onExport}>
          Export Report
        </Button>
      </div>
    </div>
  );
};
