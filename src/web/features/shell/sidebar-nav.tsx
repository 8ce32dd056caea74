import { useId } from 'react';
import { NavLink } from 'react-router';
import { NAV_SECTIONS, type NavSection } from './nav-items';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-blue-600 ${
    isActive ? 'bg-blue-50 text-blue-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`;

const Section = ({ section, admin, onNavigate }: { section: NavSection; admin: boolean; onNavigate: () => void }) => {
  const headingId = useId();
  return (
    <div>
      {section.heading && (
        <h2 id={headingId} className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
          {section.heading}
        </h2>
      )}
      <ul className="space-y-0.5" aria-labelledby={section.heading ? headingId : undefined}>
        {section.items
          .filter((item) => !(admin && item.clientOnly))
          .map(({ label, href, Icon }) => (
            <li key={href}>
              <NavLink to={href} className={linkClasses} onClick={onNavigate}>
                <Icon className="size-5 shrink-0" />
                {label}
              </NavLink>
            </li>
          ))}
      </ul>
    </div>
  );
};

/** The app's main navigation; the Admin section only for administrators. */
export const SidebarNav = ({ admin, onNavigate }: { admin: boolean; onNavigate: () => void }) => (
  <nav aria-label="Main" className="space-y-6 px-3 py-4">
    {NAV_SECTIONS.filter((section) => admin || !section.adminOnly).map((section) => (
      <Section key={section.heading ?? 'main'} section={section} admin={admin} onNavigate={onNavigate} />
    ))}
  </nav>
);
