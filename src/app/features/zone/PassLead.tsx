// "You can read free here until 6:30 pm": what the no-access and expired screens lead with while a
// zone pass runs (a pass is access; the screen's other ways in stay below it). The screen asks for
// the passes itself: on a zone's Wi-Fi that request is what starts the pass.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLocalePath } from '../../components/useLocalePath';
import { runningPass, usePassesVersion } from '../../lib/zone-pass';
import { passesQuery } from './queries';
import { endTime } from './format';
import { useZoneTexts } from './texts';

export function PassLead() {
  const { t, lang, ready } = useZoneTexts();
  const to = useLocalePath();
  useQuery(passesQuery());
  usePassesVersion();
  const pass = runningPass();
  if (!pass || !ready) return null;
  const end = endTime(pass.endsAt, lang);
  return (
    <section className="zone-lead" data-testid="zone-pass-lead" aria-labelledby="zone-lead-title">
      <h2 id="zone-lead-title" className="zone-lead__title">
        {end.day ? t('lead.titleDay', { time: end.time, day: end.day }) : t('lead.title', { time: end.time })}
      </h2>
      <p>{t('lead.body', { zone: pass.zoneName })}</p>
      <Link className="button button--wide" to={to('/')}>
        {t('lead.start')}
      </Link>
    </section>
  );
}
