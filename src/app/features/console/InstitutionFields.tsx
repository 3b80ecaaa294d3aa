// The fields an admin sets for an institution, shared by the new-institution form and the
// settings of an existing one: subscription period, sections, country, age rating, limits.
import { Field } from '../../components/Field';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import type { InstitutionSettings, InstitutionSettingsBody } from '../../../shared/schemas/console-admin';
import { consoleTexts } from './texts';

/** The form's values as typed (numbers as text; an empty limit is Lectern's default). */
export interface InstitutionForm {
  country: string;
  ageRating: string;
  startsOn: string;
  endsOn: string;
  newspapers: boolean;
  journals: boolean;
  downloadLimit: string;
  deviceLimit: string;
}

const YEAR_MS = 365 * 86_400_000;
const text = (n: number | null) => (n === null ? '' : String(n));

export const formOf = (s: InstitutionSettings | null): InstitutionForm =>
  s
    ? { ...s, ageRating: String(s.ageRating), downloadLimit: text(s.downloadLimit), deviceLimit: text(s.deviceLimit) }
    : {
        country: 'IN',
        ageRating: '9',
        startsOn: new Date().toISOString().slice(0, 10),
        endsOn: new Date(Date.now() + YEAR_MS).toISOString().slice(0, 10),
        newspapers: true,
        journals: true,
        downloadLimit: '',
        deviceLimit: '',
      };

const limit = (s: string) => (s.trim() ? Number(s) : null);
export const bodyOf = (f: InstitutionForm): InstitutionSettingsBody => ({
  ...f,
  ageRating: Number(f.ageRating),
  downloadLimit: limit(f.downloadLimit),
  deviceLimit: limit(f.deviceLimit),
});

export function InstitutionFields({ form, onChange }: { form: InstitutionForm; onChange: (form: InstitutionForm) => void }) {
  const { t } = useNamespaceTexts('console', consoleTexts);
  const set = (key: keyof InstitutionForm) => (e: { target: { value: string; checked: boolean; type: string } }) =>
    onChange({ ...form, [key]: e.target.type === 'checkbox' ? e.target.checked : e.target.value });
  const number = { type: 'number', inputMode: 'numeric', min: 0 } as const;
  return (
    <>
      <div className="console-form__grid">
        <Field label={t('subscriptionStarts')} type="date" value={form.startsOn} onChange={set('startsOn')} data-testid="inst-starts" />
        <Field label={t('subscriptionEnds')} type="date" value={form.endsOn} onChange={set('endsOn')} data-testid="inst-ends" />
        <Field
          label={t('country')}
          hint={t('countryHint')}
          value={form.country}
          maxLength={2}
          autoComplete="off"
          onChange={(e) => onChange({ ...form, country: e.target.value.toUpperCase() })}
          data-testid="inst-country"
        />
        <Field
          label={t('ageRating')}
          hint={t('ageRatingHint')}
          {...number}
          min={1}
          max={18}
          value={form.ageRating}
          onChange={set('ageRating')}
          data-testid="inst-age"
        />
        <Field
          label={t('downloadLimit')}
          hint={t('limitHint')}
          {...number}
          value={form.downloadLimit}
          onChange={set('downloadLimit')}
          data-testid="inst-downloads"
        />
        <Field
          label={t('deviceLimit')}
          hint={t('limitHint')}
          {...number}
          value={form.deviceLimit}
          onChange={set('deviceLimit')}
          data-testid="inst-devices"
        />
      </div>
      <fieldset className="console-form__sections">
        <legend className="field__label">{t('subscriptionSections')}</legend>
        <label>
          <input type="checkbox" checked disabled /> {t('sectionMagazines')}
        </label>
        <label>
          <input type="checkbox" checked={form.newspapers} onChange={set('newspapers')} /> {t('sectionNewspapers')}
        </label>
        <label>
          <input type="checkbox" checked={form.journals} onChange={set('journals')} /> {t('sectionJournals')}
        </label>
      </fieldset>
    </>
  );
}
