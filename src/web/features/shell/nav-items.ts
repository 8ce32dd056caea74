import type { ComponentType } from 'react';
import { paths } from '../../config/paths';
import {
  AlertIcon,
  ChartIcon,
  CheckCircleIcon,
  ClipboardIcon,
  ClockIcon,
  DashboardIcon,
  FileIcon,
  FilmIcon,
  MailIcon,
  ReceiptIcon,
  ScaleIcon,
  ShieldIcon,
  TagIcon,
  TicketIcon,
  UploadIcon,
  UsersIcon,
  WrenchIcon,
  type IconProps,
} from '../../ui/icons';

export interface NavItem {
  label: string;
  href: string;
  Icon: ComponentType<IconProps>;
  /** Shown to clients only (admins have their own screen). */
  clientOnly?: boolean;
}

export interface NavSection {
  /** Shown above the links; the first section has none. */
  heading?: string;
  items: readonly NavItem[];
  adminOnly?: boolean;
}

export const NAV_SECTIONS: readonly NavSection[] = [
  {
    items: [
      { label: 'Dashboard', href: paths.app.dashboard.href(), Icon: DashboardIcon },
      { label: 'Orders', href: paths.app.orders.href(), Icon: ClipboardIcon },
      { label: 'Campaigns', href: paths.app.campaigns.href(), Icon: ChartIcon },
    ],
  },
  {
    heading: 'Resources',
    items: [
      { label: 'Brands', href: paths.app.brands.href(), Icon: TagIcon },
      { label: 'Media', href: paths.app.media.href(), Icon: FilmIcon },
      { label: 'Billing', href: paths.app.billing.href(), Icon: ReceiptIcon, clientOnly: true },
    ],
  },
  {
    heading: 'Admin',
    adminOnly: true,
    items: [
      { label: 'Order Management', href: paths.app.admin.approvals.href(), Icon: CheckCircleIcon },
      { label: 'Drafts', href: paths.app.admin.drafts.href(), Icon: FileIcon },
      { label: 'Media Approvals', href: paths.app.admin.mediaApprovals.href(), Icon: FilmIcon },
      { label: 'Traffic Log', href: paths.app.admin.traffic.href(), Icon: ClockIcon },
      { label: 'As-run', href: paths.app.admin.asRun.href(), Icon: UploadIcon },
      { label: 'Discrepancies', href: paths.app.admin.discrepancies.href(), Icon: AlertIcon },
      { label: 'Reconciliation', href: paths.app.admin.reconciliation.href(), Icon: ScaleIcon },
      { label: 'Billing & Invoices', href: paths.app.admin.billing.href(), Icon: ReceiptIcon },
      { label: 'Users', href: paths.app.admin.users.href(), Icon: UsersIcon },
      { label: 'Coupons', href: paths.app.admin.coupons.href(), Icon: TicketIcon },
      { label: 'Rate Card', href: paths.app.admin.rateCard.href(), Icon: TagIcon },
      { label: 'Notifications', href: paths.app.admin.notifications.href(), Icon: MailIcon },
      { label: 'Audit', href: paths.app.admin.audit.href(), Icon: ShieldIcon },
      { label: 'Station Settings', href: paths.app.admin.station.href(), Icon: WrenchIcon },
    ],
  },
];
