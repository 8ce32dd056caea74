import { BrandManagement } from '../../features/brands/brand-management';

export const BrandsRoute = () => <BrandManagement />;
