// Story reads and title views for the librarians' reports (POST /api/events/view): sent once per
// story or title shown, by signed-in readers of an institution only (nothing is counted otherwise).
// A failure is only logged (spec §8): reading never waits on it.
import { useEffect } from 'react';
import type { ViewEventBody } from '../../../shared/schemas/events';
import { callApi } from '../../lib/api';
import { session } from '../../lib/session';

export function useViewEvent(view: ViewEventBody | null) {
  const key = view ? JSON.stringify(view) : '';
  useEffect(() => {
    if (!key || !session.isLoggedIn() || session.institutionId() === '0') return;
    import('../../../shared/endpoints/site')
      .then(({ eventsView }) => callApi(eventsView, { body: JSON.parse(key) as ViewEventBody }))
      .catch((e: unknown) => console.warn('view event', e));
  }, [key]);
}
