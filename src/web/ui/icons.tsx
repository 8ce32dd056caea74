import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** Outline icons on a 24px grid; decorative unless given a title by the caller. */
const outline = (paths: ReactNode) => {
  const Icon = ({ className = 'size-5', ...props }: IconProps) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...props}
    >
      {paths}
    </svg>
  );
  return Icon;
};

export const TvIcon = outline(
  <>
    <rect x="3" y="5" width="18" height="12" rx="2" />
    <path d="M8 21h8M12 17v4M9 2l3 3 3-3" />
  </>,
);
export const BellIcon = outline(<path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />);
export const MenuIcon = outline(<path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = outline(<path d="M18 6 6 18M6 6l12 12" />);
export const ChevronDownIcon = outline(<path d="m6 9 6 6 6-6" />);
export const ChevronUpIcon = outline(<path d="m18 15-6-6-6 6" />);
export const SortIcon = outline(<path d="m7 15 5 5 5-5M7 9l5-5 5 5" />);
export const SearchIcon = outline(
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>,
);
export const UserIcon = outline(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </>,
);
export const UsersIcon = outline(
  <>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 21a7 7 0 0 1 14 0M16 4a4 4 0 0 1 0 8M22 21a7 7 0 0 0-4-6.3" />
  </>,
);
export const LogOutIcon = outline(<path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />);
export const DashboardIcon = outline(
  <>
    <rect x="3" y="3" width="7" height="9" rx="1" />
    <rect x="14" y="3" width="7" height="5" rx="1" />
    <rect x="14" y="12" width="7" height="9" rx="1" />
    <rect x="3" y="16" width="7" height="5" rx="1" />
  </>,
);
export const ClipboardIcon = outline(
  <>
    <rect x="5" y="4" width="14" height="17" rx="2" />
    <path d="M9 4V3h6v1M9 11h6M9 15h4" />
  </>,
);
export const ChartIcon = outline(<path d="M3 3v18h18M7 15l4-4 3 3 6-7" />);
export const TagIcon = outline(
  <>
    <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </>,
);
export const FilmIcon = outline(
  <>
    <rect x="3" y="3" width="18" height="18" rx="2" />
    <path d="M7 3v18M17 3v18M3 8h4M3 16h4M17 8h4M17 16h4" />
  </>,
);
export const CheckCircleIcon = outline(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12 3 3 5-6" />
  </>,
);
export const FileIcon = outline(<path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9l-6-6ZM14 3v6h6" />);
export const ScaleIcon = outline(<path d="M12 3v18M7 21h10M5 7h14M5 7l-3 7a3 3 0 0 0 6 0L5 7ZM19 7l-3 7a3 3 0 0 0 6 0l-3-7" />);
export const ReceiptIcon = outline(<path d="M5 3v18l2-1.5L9 21l2-1.5L13 21l2-1.5L17 21l2-1.5V3l-2 1.5L15 3l-2 1.5L11 3 9 4.5 7 3 5 4.5M9 9h6M9 13h6" />);
export const TicketIcon = outline(
  <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4V8ZM13 6v2M13 11v2M13 16v2" />,
);
export const MailIcon = outline(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);
export const PlayIcon = outline(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m10 8 6 4-6 4V8Z" />
  </>,
);
export const AlertIcon = outline(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v4M12 16h.01" />
  </>,
);
export const ArrowRightIcon = outline(<path d="M5 12h14M13 6l6 6-6 6" />);
export const ArrowLeftIcon = outline(<path d="M19 12H5M11 6l-6 6 6 6" />);
export const ClockIcon = outline(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);
export const UploadIcon = outline(<path d="M12 15V3M7 8l5-5 5 5M4 15v4a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-4" />);
export const ShieldIcon = outline(<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3Z" />);
export const LockIcon = outline(
  <>
    <rect x="4" y="10" width="16" height="11" rx="2" />
    <path d="M8 10V7a4 4 0 0 1 8 0v3" />
  </>,
);
export const PlusIcon = outline(<path d="M12 5v14M5 12h14" />);
export const WrenchIcon = outline(<path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.6 2.6-2.4-.6-.6-2.4 2.6-2.6Z" />);
export const InboxIcon = outline(<path d="M3 13h5l1.5 3h5L16 13h5M5 5h14l2 8v6H3v-6l2-8Z" />);
