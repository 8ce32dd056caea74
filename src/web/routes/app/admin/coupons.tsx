import { CouponManagement } from '../../../features/coupons/coupon-management';

export const AdminCouponsRoute = () => <CouponManagement />;
