// The dialling-code picker of the mobile number fields (sign-in, the contact form): flag and code
// on a button; opened, a search box over every country the server lists (GET
// /content/getCountryCodes), by name in English or Hindi, ISO code or digits. A combobox with a
// listbox (WAI-ARIA): arrows move, Enter picks, Escape closes and gives focus back to the button.
// A chunk of its own, loaded with the first mobile number field.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CountryCode } from '../../shared/schemas/country-codes';
import { countryCodesQuery } from './country-queries';
import { DEFAULT_COUNTRY, type PickedCountry } from './country';
import './country-picker.css';

const searchable = (s: string) => s.toLocaleLowerCase().normalize('NFKD');

export default function CountryPicker({
  value,
  onChange,
  label,
}: {
  value: PickedCountry;
  onChange: (c: PickedCountry) => void;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const hi = i18n.language === 'hi';
  const id = useId();
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const list = useQuery({ ...countryCodesQuery(), enabled: open });

  const nameOf = (c: CountryCode) => (hi ? c.name_hi : c.name);
  // India first, then by name as the reader's language sorts it.
  const sorted = useMemo(
    () =>
      [...(list.data?.countries ?? [])].sort(
        (a, b) =>
          Number(b.iso === DEFAULT_COUNTRY.iso) - Number(a.iso === DEFAULT_COUNTRY.iso) ||
          (hi ? a.name_hi : a.name).localeCompare(hi ? b.name_hi : b.name, hi ? 'hi' : 'en'),
      ),
    [list.data, hi],
  );
  const shown = useMemo(() => {
    const q = searchable(term.trim());
    if (!q) return sorted;
    const digits = q.replace(/^\+/, '');
    return sorted.filter(
      (c) =>
        searchable(c.name).includes(q) ||
        searchable(c.name_hi).includes(q) ||
        c.iso.toLowerCase() === q ||
        (/^\d+$/.test(digits) && c.mobileCode.slice(1).startsWith(digits)),
    );
  }, [sorted, term]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    setTerm('');
    if (focusButton) button.current?.focus();
  };
  const pick = (c: CountryCode) => {
    onChange({ iso: c.iso, mobileCode: c.mobileCode, flag: c.flag });
    close(true);
  };

  // A click or tap outside closes the list.
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  // The highlighted option stays in view as the arrows move it.
  useEffect(() => {
    if (open) document.getElementById(`${id}-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, id]);

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => Math.min(Math.max(a + step, 0), Math.max(shown.length - 1, 0)));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : Math.max(shown.length - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (shown[active]) pick(shown[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') close(false);
  };

  const current = sorted.find((c) => c.iso === value.iso);
  return (
    <div className="country-picker">
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className="field__input country-picker__button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => (open ? close(false) : (setOpen(true), setActive(0)))}
        data-testid="country-picker"
      >
        <span id={`${id}-value`}>
          <span aria-hidden="true">{value.flag} </span>
          <span className="visually-hidden">{current ? nameOf(current) : value.iso} </span>
          {value.mobileCode}
        </span>
      </button>
      {open && (
        <div ref={box} className="country-picker__popup">
          <input
            className="field__input country-picker__search"
            role="combobox"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-autocomplete="list"
            aria-activedescendant={shown[active] ? `${id}-${active}` : undefined}
            aria-label={t('countryPicker.search')}
            placeholder={t('countryPicker.search')}
            autoComplete="off"
            value={term}
            onChange={(e) => {
              setTerm(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKey}
            // Opening the list is asking to search it.
            autoFocus
          />
          <ul className="country-picker__list" id={`${id}-list`} role="listbox" aria-label={label}>
            {list.isPending && <li className="country-picker__note">{t('countryPicker.loading')}</li>}
            {list.isError && <li className="country-picker__note">{t('countryPicker.failed')}</li>}
            {list.data && shown.length === 0 && <li className="country-picker__note">{t('countryPicker.none')}</li>}
            {shown.map((c, i) => (
              <li
                key={c.iso}
                id={`${id}-${i}`}
                role="option"
                aria-selected={c.iso === value.iso}
                className={i === active ? 'country-picker__option country-picker__option--active' : 'country-picker__option'}
                onPointerMove={() => setActive(i)}
                onClick={() => pick(c)}
                data-testid={`country-${c.iso}`}
              >
                <span aria-hidden="true">{c.flag}</span>
                <span className="country-picker__name">{nameOf(c)}</span>
                <span className="country-picker__code">{c.mobileCode}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
