// The console's form fields by the names its API takes, each with the console text that labels it
// on screen: a refused value is named as the librarian sees it ("Last day of access: …"), never by
// the API's own name (`until`). A part of a field (`networks.3`, `hours.mon.0`) is named by the field.
import type en from '../../locales/console/en.json';

type ConsoleText = keyof typeof en;

export const CONSOLE_FIELDS: Record<string, ConsoleText> = {
  until: 'extendDate',
  startsOn: 'subscriptionStarts',
  endsOn: 'codeEnds',
  country: 'country',
  ageRating: 'ageRating',
  downloadLimit: 'downloadLimit',
  deviceLimit: 'deviceLimit',
  name: 'institutionName',
  orgCode: 'orgCode',
  count: 'codeCount',
  code: 'codeOwn',
  maxUses: 'codeUses',
  label: 'codeLabelShort',
  issuer: 'ssoIssuer',
  clientId: 'ssoClientId',
  clientSecret: 'ssoSecret',
  reason: 'rejectReason',
  description: 'zoneDescription',
  'place.lat': 'zoneLat',
  'place.lng': 'zoneLng',
  'place.radiusM': 'zoneRadius',
  networks: 'zoneNetworks',
  hours: 'zoneHours',
  timeZone: 'zoneTimeZone',
  passMinutes: 'zonePass',
  opens: 'zoneOpens',
  proof: 'zoneProof',
  newspapers: 'sectionNewspapers',
  journals: 'sectionJournals',
  begin: 'fromMonth',
  end: 'toMonth',
  status: 'field_status',
  q: 'membersSearch',
  filter: 'membersFilter',
  showReading: 'privacyShowReading',
  showDevices: 'privacyShowDevices',
  retentionDays: 'privacyRetention',
};

/** The console text key of a field path such as `place.lat` or `networks.3`, or null. */
export function consoleFieldText(path: string): ConsoleText | null {
  const name = path
    .split('.')
    .filter((p) => !/^\d+$/.test(p))
    .join('.');
  // A part of a field (`hours.mon`) is named by the field.
  return CONSOLE_FIELDS[name] ?? CONSOLE_FIELDS[name.split('.')[0]] ?? null;
}
