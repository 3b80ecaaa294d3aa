// /contact-us: a reader's own question (name, e-mail, message), or the institution enquiry form
// (spec §3 fields, spec §5 messages); checked here with the same schemas the server uses;
// nothing is lost on a refusal. An institution Lectern serves is offered as the name is typed;
// its enquiry then reaches that institution's console by its id.
import { NeedsNetwork } from '../../components/NoData';
import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/Field';
import { CountrySlot, DEFAULT_COUNTRY, type PickedCountry } from '../../components/CountrySlot';
import { useErrorText, useValidationText } from '../../lib/errors';
import { CAMPUS_OPTIONS, ContactBody, QuestionBody, STUDENT_OPTIONS, institutionNameKey } from '../../../shared/schemas/contact';
import { loadPhonePlans } from '../../../shared/schemas/phone';
import { MESSAGES, messageKey } from '../../../shared/validation';
import { institutionsQuery, useSendContact } from './queries';
import './info.css';
import '../../components/forms.css';

/** What is typed; the country of the mobile number is picked (CountrySlot). */
type Values = Record<Exclude<keyof ContactBody, 'countryCode' | 'country' | 'institutionId'>, string>;
const EMPTY: Values = {
  userName: '',
  emailId: '',
  mobile: '',
  institutionName: '',
  desigination: '',
  campuses: '',
  students: '',
  Message: '',
};

export default function ContactPage() {
  const { t, i18n } = useTranslation();
  const v = useValidationText();
  const errorText = useErrorText();
  const [values, setValues] = useState<Values>(EMPTY);
  const [country, setCountry] = useState<PickedCountry>(DEFAULT_COUNTRY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [offline, setOffline] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const send = useSendContact();
  const failure = offline ? t('offline.contactNeedsNetwork') : send.isError ? errorText(send.error) : null;
  // Most who write are students or staff with a question: the campus and student counts are
  // only asked of someone enquiring for an institution.
  const [kind, setKind] = useState<'question' | 'institution'>('question');
  const served = useQuery({ ...institutionsQuery(), enabled: kind === 'institution' }).data?.institutions;
  // The enquiry's mobile number is checked against its country's plan, loaded when the form asks for it.
  useEffect(() => {
    if (kind === 'institution') loadPhonePlans().catch(() => undefined); // (asked again at the check)
  }, [kind]);

  const label = (k: keyof Values) => t(`contact.fields.${k}`);
  /** The spec texts as they are in English (they are the contract, spelling included); in
   * another language '{Field} field is required' takes the field's translated label. */
  const say = (k: keyof Values, message: string) => {
    if (i18n.language === 'en' || messageKey(message)) return v(message) ?? message;
    return message.endsWith(MESSAGES.fieldRequired.replace('{Field}', '')) ? t('validation.fieldRequired', { Field: label(k) }) : message;
  };
  const set = (k: keyof Values) => (e: { target: { value: string } }) => {
    setValues({ ...values, [k]: e.target.value });
    setErrors({ ...errors, [k]: undefined });
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    // Plans that cannot be fetched (offline before they were kept) say so, as an offline send does.
    if (
      kind === 'institution' &&
      !(await loadPhonePlans().then(
        () => true,
        () => false,
      ))
    )
      return setOffline(true);
    // The institution the name is, among those Lectern serves (names are unique in this form).
    const picked = served?.find((i) => institutionNameKey(i.name) === institutionNameKey(values.institutionName));
    const parsed = (kind === 'question' ? QuestionBody : ContactBody).safeParse({
      ...values,
      countryCode: country.mobileCode,
      country: country.iso,
      institutionId: picked?.id,
    });
    if (!parsed.success) {
      const next: Partial<Values> = {};
      for (const issue of parsed.error.issues) {
        const k = issue.path[0] as keyof Values;
        next[k] ??= say(k, issue.message);
      }
      return setErrors(next);
    }
    // Offline, nothing is sent and nothing typed is lost: the form says so (NeedsNetwork).
    if (!navigator.onLine) return setOffline(true);
    setOffline(false);
    const body = kind === 'question' ? { kind, body: parsed.data as QuestionBody } : { kind, body: parsed.data as ContactBody };
    send.mutate(body, {
      onSuccess: (reply) => {
        setSent(reply.message);
        setValues(EMPTY);
      },
    });
  }

  const input = (k: keyof Values, props: Record<string, string> = {}) => (
    <Field label={label(k)} name={k} value={values[k]} onChange={set(k)} error={errors[k]} {...props} />
  );
  const select = (k: 'campuses' | 'students', options: readonly string[]) => (
    <div className="field">
      <label className="field__label" htmlFor={`contact-${k}`}>
        {label(k)}
      </label>
      <select id={`contact-${k}`} className="field__input" value={values[k]} onChange={set(k)} aria-invalid={errors[k] ? true : undefined}>
        <option value="">{t('contact.choose')}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`contact.${k}Options.${o}` as 'contact.choose')}
          </option>
        ))}
      </select>
      {errors[k] && (
        <p className="field__error" role="alert">
          {errors[k]}
        </p>
      )}
    </div>
  );

  return (
    <article className="info">
      <h1 className="info__title">{t('contact.title')}</h1>
      <p className="info__lede">{t('contact.lede')}</p>
      {sent && (
        <p className="notice" role="status" data-testid="contact-sent">
          {sent}
        </p>
      )}
      <div className="contact-kind" role="radiogroup" aria-label={t('contact.kindLabel')}>
        {(['question', 'institution'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="radio"
            aria-checked={kind === k}
            className="contact-kind__option"
            onClick={() => {
              setKind(k);
              setErrors({});
            }}
            data-testid={`contact-kind-${k}`}
          >
            <strong>{t(`contact.kind.${k}`)}</strong>
            <span>{t(`contact.kindHint.${k}`)}</span>
          </button>
        ))}
      </div>
      <form className="auth-form contact-form" onSubmit={onSubmit} noValidate data-testid={`contact-form-${kind}`}>
        {input('userName', { autoComplete: 'name' })}
        {input('emailId', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        {kind === 'institution' && (
          <>
            <div className="field-row">
              <CountrySlot
                value={country}
                onChange={(c) => {
                  setCountry(c);
                  setErrors({ ...errors, mobile: undefined });
                }}
                label={t('contact.fields.countryCode')}
              />
              {input('mobile', { type: 'tel', autoComplete: 'tel-national', inputMode: 'numeric' })}
            </div>
            {input('institutionName', { autoComplete: 'organization', list: 'contact-institutions', hint: t('contact.institutionHint') })}
            <datalist id="contact-institutions">
              {served?.map((i) => (
                <option key={i.id} value={i.name} />
              ))}
            </datalist>
            {input('desigination', { autoComplete: 'organization-title' })}
            <div className="field-row field-row--even">
              {select('campuses', CAMPUS_OPTIONS)}
              {select('students', STUDENT_OPTIONS)}
            </div>
          </>
        )}
        <div className="field">
          <label className="field__label" htmlFor="contact-message">
            {label('Message')}
          </label>
          <textarea
            id="contact-message"
            className="field__input field__textarea"
            rows={5}
            value={values.Message}
            onChange={set('Message')}
            aria-invalid={errors.Message ? true : undefined}
          />
          {errors.Message && (
            <p className="field__error" role="alert">
              {errors.Message}
            </p>
          )}
        </div>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
        <NeedsNetwork what="contact" />
        <button type="submit" className="button" disabled={send.isPending}>
          {send.isPending ? t('contact.sending') : t('contact.send')}
        </button>
      </form>
    </article>
  );
}
