import { Link } from 'react-router';
import { paths } from '../config/paths';
import { TvIcon } from './icons';

/** The product mark; links home. */
export const Logo = ({ className = '' }: { className?: string }) => (
  <Link
    to={paths.home.href()}
    className={`inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${className}`}
  >
    <span className="flex size-8 items-center justify-center rounded-lg bg-blue-600 text-white">
      <TvIcon className="size-5" />
    </span>
    Spotbook
  </Link>
);
