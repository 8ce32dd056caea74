/** Every route of the web app: `path` for the router, `href()` for links. */
const fixed = (path: string) => ({ path, href: () => path }) as const;

export const paths = {
  home: fixed('/'),
  login: {
    path: '/login',
    /** `mode: 'forgot'` opens the forgot-password panel. */
    href: (mode?: 'forgot') => (mode ? `/login?mode=${mode}` : '/login'),
  },
  resetPassword: {
    path: '/reset-password',
    href: (token: string) => `/reset-password?token=${encodeURIComponent(token)}`,
  },
  app: {
    root: fixed('/app'),
    dashboard: fixed('/app/dashboard'),
    orders: fixed('/app/orders'),
    campaigns: fixed('/app/campaigns'),
    campaign: { path: '/app/campaigns/:id', href: (id: string) => `/app/campaigns/${encodeURIComponent(id)}` },
    /** A new order, not stored until its first save (decision 018). */
    estimate: { path: '/app/estimates/:id', href: (id: string) => `/app/estimates/${encodeURIComponent(id)}` },
    brands: fixed('/app/brands'),
    media: fixed('/app/media'),
    /** An advertiser's own invoices and credit notes (decision 013). */
    billing: fixed('/app/billing'),
    profile: fixed('/app/profile'),
    admin: {
      approvals: fixed('/app/admin/approvals'),
      drafts: fixed('/app/admin/drafts'),
      mediaApprovals: fixed('/app/admin/media-approvals'),
      reconciliation: fixed('/app/admin/reconciliation'),
      billing: fixed('/app/admin/billing'),
      users: fixed('/app/admin/users'),
      coupons: fixed('/app/admin/coupons'),
      notifications: fixed('/app/admin/notifications'),
      traffic: fixed('/app/admin/traffic'),
      discrepancies: fixed('/app/admin/discrepancies'),
      asRun: fixed('/app/admin/as-run'),
      station: fixed('/app/admin/station'),
      /** The dayparts, editable (decision 019). */
      rateCard: fixed('/app/admin/rate-card'),
      audit: fixed('/app/admin/audit'),
    },
  },
} as const;
