import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter } from 'react-router';
import { paths } from '../config/paths';
import { AdminRoute, ProtectedRoute, PublicOnlyRoute } from '../features/auth/route-guards';
import { AppLayout } from '../features/shell/app-layout';
import { LegacyEstimateRedirect } from '../routes/legacy-estimate-redirect';
import { NotFoundRoute } from '../routes/not-found';
import { RouteError } from '../routes/route-error';
import { PageSpinner } from '../ui/spinner';

const { app } = paths;

/** A screen loaded on first visit, so each page only downloads what it needs. */
const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => ({
  lazy: async () => ({ Component: (await load())[name] }),
});

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner label="Loading…" />,
    children: [
      { path: paths.home.path, ...page(() => import('../routes/landing'), 'LandingRoute') },
      { element: <PublicOnlyRoute />, children: [{ path: paths.login.path, ...page(() => import('../routes/login'), 'LoginRoute') }] },
      { path: paths.resetPassword.path, ...page(() => import('../routes/reset-password'), 'ResetPasswordRoute') },
      {
        path: app.root.path,
        element: <ProtectedRoute />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <Navigate to={app.dashboard.href()} replace /> },
              { path: app.dashboard.path, ...page(() => import('../routes/app/dashboard'), 'DashboardRoute') },
              { path: app.orders.path, ...page(() => import('../routes/app/orders'), 'OrdersRoute') },
              { path: app.campaigns.path, ...page(() => import('../routes/app/campaigns'), 'CampaignsRoute') },
              { path: app.campaign.path, ...page(() => import('../routes/app/campaign-detail'), 'CampaignDetailRoute') },
              { path: app.estimate.path, ...page(() => import('../routes/app/estimate-detail'), 'EstimateDetailRoute') },
              { path: app.brands.path, ...page(() => import('../routes/app/brands'), 'BrandsRoute') },
              { path: app.media.path, ...page(() => import('../routes/app/media'), 'MediaRoute') },
              { path: app.billing.path, ...page(() => import('../routes/app/billing'), 'BillingRoute') },
              { path: app.profile.path, ...page(() => import('../routes/app/profile'), 'ProfileRoute') },
              {
                element: <AdminRoute />,
                children: [
                  { path: app.admin.approvals.path, ...page(() => import('../routes/app/admin/approvals'), 'AdminApprovalsRoute') },
                  { path: app.admin.drafts.path, ...page(() => import('../routes/app/admin/drafts'), 'AdminDraftsRoute') },
                  { path: app.admin.mediaApprovals.path, ...page(() => import('../routes/app/admin/media-approvals'), 'AdminMediaApprovalsRoute') },
                  { path: app.admin.reconciliation.path, ...page(() => import('../routes/app/admin/reconciliation'), 'AdminReconciliationRoute') },
                  { path: app.admin.billing.path, ...page(() => import('../routes/app/admin/billing'), 'AdminBillingRoute') },
                  { path: app.admin.users.path, ...page(() => import('../routes/app/admin/users'), 'AdminUsersRoute') },
                  { path: app.admin.coupons.path, ...page(() => import('../routes/app/admin/coupons'), 'AdminCouponsRoute') },
                  { path: app.admin.notifications.path, ...page(() => import('../routes/app/admin/notifications'), 'AdminNotificationsRoute') },
                  { path: app.admin.traffic.path, ...page(() => import('../routes/app/admin/traffic-log'), 'AdminTrafficLogRoute') },
                  { path: app.admin.discrepancies.path, ...page(() => import('../routes/app/admin/discrepancies'), 'AdminDiscrepanciesRoute') },
                  { path: app.admin.asRun.path, ...page(() => import('../routes/app/admin/as-run'), 'AdminAsRunRoute') },
                  { path: app.admin.audit.path, ...page(() => import('../routes/app/admin/audit'), 'AdminAuditRoute') },
                  { path: app.admin.rateCard.path, ...page(() => import('../routes/app/admin/rate-card'), 'AdminRateCardRoute') },
                  { path: app.admin.station.path, ...page(() => import('../routes/app/admin/station-settings'), 'AdminStationSettingsRoute') },
                ],
              },
            ],
          },
        ],
      },
      { path: '/estimates/:id', element: <LegacyEstimateRedirect /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
]);
