// Making or changing a Smart Reading Zone: a circle by coordinates (typed, or "use my position"),
// the Wi-Fi's networks, opening hours, pass length, what it opens, whether a location needs a
// second proof and whether it is in use. Checked here with the schema and the rules the server
// uses (a librarian's networks, the subscription's bounds), so a mistake is named next to its
// field before sending; the server's own refusal is shown there too.
import { useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { useNamespaceTexts } from '../../lib/namespaceTexts';
import { ApiError } from '../../lib/api';
import { ConsoleZoneBody, type ConsoleZone, type ZoneBounds } from '../../../shared/schemas/console-inbox';
import {
  HoursError,
  ZONE_PROOFS,
  ZONE_SECTIONS,
  formatHours,
  parseHours,
  type ZoneHours,
  type ZoneProof,
  type ZoneSection,
} from '../../../shared/zones';
import { librarianNetworkProblems, type NetworkRefusal } from '../../../shared/zone-networks';
import { JOURNAL_SECTION, NEWSPAPER_CATEGORY } from '../../../shared/constants';
import { useDevicePosition, useSaveZone } from './zones-queries';
import { consoleTexts, type ConsoleTextKey } from './texts';
import { useRefusalText } from './ConsoleParts';

type Values = {
  name: string;
  description: string;
  lat: string;
  lng: string;
  radius: string;
  networks: string;
  hours: string;
  timeZone: string;
  passMinutes: string;
  opensAll: boolean;
  sections: ZoneSection[];
  categories: string;
  titles: string;
  active: boolean;
  proof: ZoneProof;
};
/** A text key, with what it names (a network, the sections a subscription lacks). */
type Problem = ConsoleTextKey | { key: ConsoleTextKey; network?: string; name?: string; sections?: string };
type Problems = Partial<
  Record<'name' | 'place' | 'networks' | 'hours' | 'timeZone' | 'passMinutes' | 'opens' | 'proof' | 'where', Problem>
>;

const NETWORK_TEXTS: Record<NetworkRefusal, ConsoleTextKey> = {
  everything: 'zoneNetworkEverything',
  too_wide: 'zoneNetworkTooWide',
  private: 'zoneNetworkPrivate',
  reserved: 'zoneNetworkReserved',
};
/** The field a server refusal is about. */
const fieldOf = (err: unknown): keyof Problems | null =>
  err instanceof ApiError
    ? err.code.startsWith('zone_network_')
      ? 'networks'
      : err.code === 'zone_beyond_subscription'
        ? 'opens'
        : null
    : null;

/** Which problem a field's change may have mended. */
const PROBLEM_OF: Record<keyof Values, keyof Problems> = {
  name: 'name',
  description: 'name',
  lat: 'place',
  lng: 'place',
  radius: 'place',
  networks: 'networks',
  hours: 'hours',
  timeZone: 'timeZone',
  passMinutes: 'passMinutes',
  opensAll: 'opens',
  sections: 'opens',
  categories: 'opens',
  titles: 'opens',
  active: 'where',
  proof: 'proof',
};

/** The proof choices' names and what each means (also in the zones list). */
export const PROOF_LABEL: Record<ZoneProof, ConsoleTextKey> = {
  network: 'zoneProofNetwork',
  place: 'zoneProofPlace',
  'place+code': 'zoneProofPlaceCode',
  any: 'zoneProofAny',
};
const PROOF_HINT: Record<ZoneProof, ConsoleTextKey> = {
  network: 'zoneProofNetworkHint',
  place: 'zoneProofPlaceHint',
  'place+code': 'zoneProofPlaceCodeHint',
  any: 'zoneProofAnyHint',
};

const ids = (list: number[]) => list.join(', ');
const valuesOf = (z: ConsoleZone | null): Values => ({
  name: z?.name ?? '',
  description: z?.description ?? '',
  lat: z?.place ? String(z.place.lat) : '',
  lng: z?.place ? String(z.place.lng) : '',
  radius: z?.place ? String(z.place.radiusM) : '',
  networks: z?.networks.join('\n') ?? '',
  hours: z && z.hours ? formatHours(z.hours) : 'always',
  timeZone: z?.timeZone ?? 'Asia/Kolkata',
  passMinutes: String(z?.passMinutes ?? 120),
  opensAll: z ? z.opens.all : true,
  sections: z && !z.opens.all ? z.opens.sections : [],
  categories: z && !z.opens.all ? ids(z.opens.categories) : '',
  titles: z && !z.opens.all ? ids(z.opens.titles) : '',
  active: z?.active ?? true,
  proof: z?.proof ?? 'any',
});

/** A typed number, or NaN for nothing typed (so an empty field is refused, not taken as 0). */
const num = (s: string) => (s.trim() === '' ? NaN : Number(s));
const numbers = (s: string) =>
  s
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(num);

/** The sections a subscription lacks that these choices would open (by section or by category;
 * titles are checked by the server, which knows each title's section). */
function beyond(bounds: ZoneBounds | undefined, sections: ZoneSection[], categories: number[]): ZoneSection[] {
  if (!bounds) return [];
  const lacking: ZoneSection[] = [];
  if (!bounds.newspapers && (sections.includes('newspapers') || categories.includes(NEWSPAPER_CATEGORY))) lacking.push('newspapers');
  if (!bounds.journals && (sections.includes('journals') || categories.includes(JOURNAL_SECTION))) lacking.push('journals');
  return lacking;
}

/** The form as the API's body, or the text keys of what is wrong, field by field. */
function toBody(
  v: Values,
  zone: ConsoleZone | null,
  bounds: ZoneBounds | undefined,
  sectionList: (s: ZoneSection[]) => string,
): { body: ConsoleZoneBody } | { problems: Problems } {
  let hours: ZoneHours = null;
  const problems: Problems = {};
  try {
    hours = parseHours(v.hours.trim() || 'always');
  } catch (err) {
    if (!(err instanceof HoursError)) throw err;
    problems.hours = 'zoneBadHours';
  }
  const placed = [v.lat, v.lng, v.radius].some((s) => s.trim());
  const parsed = ConsoleZoneBody.safeParse({
    name: v.name,
    description: v.description,
    place: placed ? { lat: num(v.lat), lng: num(v.lng), radiusM: num(v.radius) } : null,
    networks: v.networks
      .split(/[\s,]+/)
      .map((n) => n.trim())
      .filter(Boolean),
    hours,
    timeZone: v.timeZone,
    passMinutes: num(v.passMinutes),
    opens: v.opensAll ? { all: true } : { all: false, sections: v.sections, categories: numbers(v.categories), titles: numbers(v.titles) },
    active: v.active,
    proof: v.proof,
  });
  if (parsed.success) {
    const [network] = librarianNetworkProblems(parsed.data.networks, zone?.networks);
    if (network) problems.networks = { key: NETWORK_TEXTS[network.refusal], network: network.network };
    const o = parsed.data.opens;
    const lacking = o.all ? [] : beyond(bounds, o.sections, o.categories);
    if (lacking.length) problems.opens = { key: 'zoneBeyondSubscription', name: bounds!.name, sections: sectionList(lacking) };
  }
  if (parsed.success && !Object.keys(problems).length) return { body: parsed.data };
  const keys: Record<string, ConsoleTextKey> = {
    name: 'zoneBadName',
    place: 'zoneBadPlace',
    networks: 'zoneBadNetworks',
    hours: 'zoneBadHours',
    timeZone: 'zoneBadTimeZone',
    passMinutes: 'zoneBadPass',
    opens: 'zoneBadOpens',
    proof: 'zoneBadProof',
  };
  for (const issue of parsed.error?.issues ?? []) {
    const field = String(issue.path[0] ?? 'where') as keyof Problems;
    problems[field] ??= keys[field] ?? 'zoneNeedsWhere';
  }
  return { problems };
}

export function ZoneForm({
  institutionId,
  zone,
  bounds,
  onDone,
}: {
  institutionId: number;
  zone: ConsoleZone | null;
  bounds?: ZoneBounds;
  onDone: () => void;
}) {
  const { t, lang } = useNamespaceTexts('console', consoleTexts);
  const refusal = useRefusalText();
  const [values, setValues] = useState<Values>(() => valuesOf(zone));
  const [problems, setProblems] = useState<Problems>({});
  const position = useDevicePosition();
  const save = useSaveZone(institutionId);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((old) => ({ ...old, [key]: value }));
    // What was said about this field (here or by the server) no longer holds once it changes.
    setProblems((old) => ({ ...old, [PROBLEM_OF[key]]: undefined, where: undefined }));
    if (save.error) save.reset();
  };
  const text = (key: keyof Values) => ({
    value: values[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  const say = (p: Problem) =>
    typeof p === 'string' ? t(p) : t(p.key, { network: p.network ?? '', name: p.name ?? '', sections: p.sections ?? '' });
  // What the server refused about a field is said there (in English its own words, naming what).
  const refused = fieldOf(save.error);
  const problem = (key: keyof Problems) => {
    const p = problems[key];
    if (p) return say(p);
    return refused === key && save.error ? refusal(save.error) : null;
  };
  const sectionList = (list: ZoneSection[]) =>
    new Intl.ListFormat(lang, { type: 'conjunction' }).format(
      list.map((s) => t(`section${s[0].toUpperCase()}${s.slice(1)}` as ConsoleTextKey)),
    );

  const usePosition = () =>
    position.mutate(undefined, {
      onSuccess: (c) => {
        setValues((old) => ({
          ...old,
          lat: c.latitude.toFixed(6),
          lng: c.longitude.toFixed(6),
          radius: old.radius || '200',
        }));
        setProblems((old) => ({ ...old, place: undefined, where: undefined }));
      },
    });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const result = toBody(values, zone, bounds, sectionList);
    if ('problems' in result) return setProblems(result.problems);
    setProblems({});
    save.mutate({ id: zone?.id ?? null, body: result.body }, { onSuccess: onDone });
  };

  return (
    <form className="console-form console-zone-form" onSubmit={onSubmit} noValidate data-testid="zone-form">
      <h3 className="console__subheading">{zone ? t('zoneEditTitle', { name: zone.name }) : t('zoneNew')}</h3>
      <div className="console-form__grid">
        <Field label={t('zoneName')} maxLength={120} {...text('name')} error={problem('name')} data-testid="zone-name" />
        <Field label={t('zoneDescription')} maxLength={1000} {...text('description')} />
      </div>
      <fieldset className="console-zone-form__group">
        <legend className="field__label">{t('zonePlace')}</legend>
        <p className="field__hint">{t('zonePlaceHint')}</p>
        <div className="console-form__grid">
          <Field label={t('zoneLat')} inputMode="decimal" {...text('lat')} data-testid="zone-lat" />
          <Field label={t('zoneLng')} inputMode="decimal" {...text('lng')} data-testid="zone-lng" />
          <Field
            label={t('zoneRadius')}
            type="number"
            inputMode="numeric"
            min={50}
            max={2000}
            {...text('radius')}
            data-testid="zone-radius"
          />
        </div>
        {problems.place && (
          <p className="field__error" role="alert">
            {say(problems.place)}
          </p>
        )}
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={usePosition}
          disabled={position.isPending}
          data-testid="zone-here"
        >
          {position.isPending ? t('positionFinding') : t('usePosition')}
        </button>
        {position.error && (
          <p className="field__error" role="alert" data-testid="position-problem">
            {t(position.error)}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label className="field__label" htmlFor="zone-networks">
          {t('zoneNetworks')}
        </label>
        <textarea
          id="zone-networks"
          className="field__input field__textarea"
          rows={3}
          spellCheck={false}
          placeholder={'45.20.0.0/16\n2400:cb00:20::/48'}
          aria-describedby="zone-networks-hint"
          aria-invalid={problem('networks') ? true : undefined}
          {...text('networks')}
          data-testid="zone-networks"
        />
        <p className="field__hint" id="zone-networks-hint">
          {t('zoneNetworksHint')}
        </p>
        {problem('networks') && (
          <p className="field__error" role="alert" data-testid="zone-networks-problem">
            {problem('networks')}
          </p>
        )}
      </div>
      {problems.where && (
        <p className="form-error" role="alert">
          {say(problems.where)}
        </p>
      )}
      <div className="console-form__grid">
        <Field
          label={t('zoneHours')}
          hint={t('zoneHoursHint')}
          {...text('hours')}
          error={problem('hours')}
          spellCheck={false}
          data-testid="zone-hours"
        />
        <Field label={t('zoneTimeZone')} {...text('timeZone')} error={problem('timeZone')} spellCheck={false} />
        <Field
          label={t('zonePass')}
          hint={t('zonePassHint')}
          type="number"
          inputMode="numeric"
          min={5}
          max={1440}
          {...text('passMinutes')}
          error={problem('passMinutes')}
        />
      </div>
      <fieldset className="console-form__sections">
        <legend className="field__label">{t('zoneOpens')}</legend>
        <label>
          <input type="radio" name="opens" checked={values.opensAll} onChange={() => set('opensAll', true)} /> {t('zoneOpensAll')}
        </label>
        <label>
          <input
            type="radio"
            name="opens"
            checked={!values.opensAll}
            onChange={() => set('opensAll', false)}
            data-testid="zone-opens-some"
          />{' '}
          {t('zoneOpensSome')}
        </label>
      </fieldset>
      {!values.opensAll && (
        <div className="console-zone-form__group">
          <fieldset className="console-form__sections">
            <legend className="field__label">{t('codeSections')}</legend>
            {ZONE_SECTIONS.map((s) => (
              <label key={s}>
                <input
                  type="checkbox"
                  checked={values.sections.includes(s)}
                  onChange={(e) => set('sections', e.target.checked ? [...values.sections, s] : values.sections.filter((x) => x !== s))}
                />{' '}
                {t(`section${s[0].toUpperCase()}${s.slice(1)}` as ConsoleTextKey)}
              </label>
            ))}
          </fieldset>
          <div className="console-form__grid">
            <Field label={t('zoneCategories')} hint={t('zoneIdsHint')} inputMode="numeric" {...text('categories')} />
            <Field label={t('zoneTitles')} hint={t('zoneIdsHint')} inputMode="numeric" {...text('titles')} />
          </div>
        </div>
      )}
      {problem('opens') && (
        <p className="field__error" role="alert" data-testid="zone-opens-problem">
          {problem('opens')}
        </p>
      )}
      <fieldset className="console-zone-form__group" aria-describedby="zone-proof-hint">
        <legend className="field__label">{t('zoneProof')}</legend>
        <p className="field__hint" id="zone-proof-hint">
          {t('zoneProofHint')}
        </p>
        {ZONE_PROOFS.map((p) => (
          <label key={p} className="console-zone-form__check">
            <input
              type="radio"
              name="zone-proof"
              value={p}
              checked={values.proof === p}
              onChange={() => set('proof', p)}
              data-testid={`zone-proof-${p}`}
            />{' '}
            <span>
              <strong>{t(PROOF_LABEL[p])}</strong>: {t(PROOF_HINT[p])}
            </span>
          </label>
        ))}
        {problem('proof') && (
          <p className="field__error" role="alert" data-testid="zone-proof-problem">
            {problem('proof')}
          </p>
        )}
      </fieldset>
      <label className="console-zone-form__check">
        <input type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} /> {t('zoneActive')}
      </label>
      {save.error && !refused && (
        <p className="form-error" role="alert">
          {refusal(save.error)}
        </p>
      )}
      <div className="console-zone-form__actions">
        <button type="submit" className="button" disabled={save.isPending} data-testid="zone-save">
          {zone ? t('zoneSave') : t('zoneCreate')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
