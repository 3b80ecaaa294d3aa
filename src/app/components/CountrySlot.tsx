// Where a mobile number field puts its country picker: the picker and its list are a chunk of
// their own (CountryPicker.tsx); until it arrives the chosen code shows on a disabled button.
import { Suspense, lazy } from 'react';
import type { PickedCountry } from './country';

export { DEFAULT_COUNTRY, type PickedCountry } from './country';

const CountryPicker = lazy(() => import('./CountryPicker'));

export function CountrySlot(props: { value: PickedCountry; onChange: (c: PickedCountry) => void; label: string }) {
  const waiting = (
    <div className="country-picker">
      <span className="field__label">{props.label}</span>
      <button type="button" className="field__input country-picker__button" disabled>
        <span aria-hidden="true">{props.value.flag} </span>
        {props.value.mobileCode}
      </button>
    </div>
  );
  return (
    <Suspense fallback={waiting}>
      <CountryPicker {...props} />
    </Suspense>
  );
}
