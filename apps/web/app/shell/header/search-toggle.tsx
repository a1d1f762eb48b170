import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLang, useMessages } from '../../lib/i18n.ts';
import { localePath } from '../../lib/navigation.ts';
import { searchTypeOf } from '../../lib/search.ts';
import { SearchIcon } from '../icons.tsx';
import { shellMessages } from '../messages.ts';

/**
 * The header's search (account-area.md section 2): the first click opens the keyword box, the
 * second (or Enter) searches; an empty keyword says 请输入搜索关键词. Searching goes to
 * /search/{keyword}?type={type of the current page}.
 */
export function SearchToggle() {
  const t = useMessages(shellMessages);
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  const submit = () => {
    const str = keyword.trim();
    // Only dots would be read as a relative path (. and ..), not as a keyword.
    if (!str || /^\.+$/.test(str)) {
      setError(t.searchEmpty);
      input.current?.focus();
      return;
    }
    setError('');
    void navigate(`${localePath(`/search/${encodeURIComponent(str)}`, lang)}?type=${searchTypeOf(pathname)}`);
  };
  const toggle = () => {
    if (!open) {
      setOpen(true);
      // The box exists after this render.
      requestAnimationFrame(() => input.current?.focus());
      return;
    }
    submit();
  };

  return (
    <search className={open ? 'portal-search is-open' : 'portal-search'}>
      {open && (
        <input
          ref={input}
          className="portal-search-input"
          type="search"
          value={keyword}
          maxLength={50}
          placeholder={t.searchPlaceholder}
          aria-label={t.search}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'portal-search-error' : undefined}
          onChange={(e) => {
            setKeyword(e.target.value);
            if (error) setError('');
          }}
          onKeyDown={(e) => {
            // Not the Enter that ends a Chinese input method's composition.
            if (e.key === 'Enter' && !e.nativeEvent.isComposing && e.keyCode !== 229) submit();
            if (e.key === 'Escape') {
              setOpen(false);
              setError('');
              // The box goes away: focus returns to the button that opened it.
              button.current?.focus();
            }
          }}
        />
      )}
      <button
        type="button"
        className="portal-search-button"
        aria-label={t.search}
        aria-expanded={open}
        ref={button}
        onClick={toggle}
      >
        <SearchIcon />
      </button>
      {error && (
        <span id="portal-search-error" className="portal-search-error" role="alert">
          {error}
        </span>
      )}
    </search>
  );
}
