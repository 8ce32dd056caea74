import { useId } from 'react';
import { SearchIcon } from './icons';
import { inputClasses } from './text-field';

interface SearchBoxProps {
  /** The input's accessible name (visually hidden). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}

/** A search input with a magnifier; Escape clears it. */
export const SearchBox = ({ label, value, onChange, placeholder, className = 'w-full sm:max-w-sm' }: SearchBoxProps) => {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <SearchIcon className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && value) {
              event.preventDefault();
              onChange('');
            }
          }}
          className={`${inputClasses(false)} pl-9`}
        />
      </div>
    </div>
  );
};
