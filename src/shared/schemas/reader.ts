// The reader's calls: the reader token (spec §7), the issue an open reader shows, reading
// progress, usage events batched by the reader, and issues downloaded for offline reading.
import { z } from 'zod';
import { epochMs, int, line, raw } from './fields';
import { READER_EVENTS_MAX } from '../constants';

const id = int(1);
const pageNo = int(1, 10_000);

/** Spec §7 reader token: user_id, issue, store_id 1, user_con, readtype reader, userLang, purType,
 * isnews, ageRating 5, device web, clvr, lib_id. Who asks comes from the Authorization token;
 * user_id and lib_id are what the app believes and are checked against it. `page` opens the
 * reader at that page. */
export const ReaderTokenBody = z.object({
  user_id: line().max(100).optional(),
  issue: id,
  store_id: int(1).default(1),
  user_con: line().max(100).optional(),
  readtype: z.literal('reader').default('reader'),
  userLang: z.enum(['en', 'hi']).default('en'),
  purType: line().max(20).optional(),
  isnews: z.union([z.literal(0), z.literal(1)]).default(0),
  ageRating: int(0, 99).default(5),
  device: z.literal('web').default('web'),
  clvr: line().max(20).optional(),
  lib_id: int(0).optional(),
  page: pageNo.optional(),
});
export type ReaderTokenBody = z.input<typeof ReaderTokenBody>;

export const ReaderTokenReply = z.object({
  status: z.literal('success'),
  data: z.object({
    /** The reader token: bound to the reader and the issue, short-lived. */
    code: z.string(),
    /** Seconds since the epoch. */
    expiresAt: z.number().int(),
    issueId: z.number().int(),
    /** The page to open at: the one asked for, else where this reader left off (any device). */
    page: z.number().int().nullable(),
    /** Where the reader opens: /reader/{issueId}?edz=1, with #page/{n} for that page. */
    url: z.string(),
  }),
});
export type ReaderTokenReply = z.infer<typeof ReaderTokenReply>;

export const ReaderPage = z.object({
  n: z.number().int(),
  /** Widths of the small, large and xlarge images (xlarge as large when an issue has no wider
   * one), and the page's height at the large width. */
  small: z.number().int(),
  large: z.number().int(),
  /** absent in a copy downloaded before the xlarge rendition existed */
  xlarge: z.number().int().optional(),
  height: z.number().int(),
});
export type ReaderPage = z.infer<typeof ReaderPage>;

export const Progress = z.object({ issueId: z.number().int(), page: z.number().int().nullable(), updatedAt: z.number().int().nullable() });
export type Progress = z.infer<typeof Progress>;

/** What the reader needs to show an issue (GET /content/reader/{issueId}), with where this reader
 * left it (saved from any device), so opening takes one request. */
export const IssueManifest = z.object({
  issueId: z.number().int(),
  mid: z.number().int(),
  titleName: z.string(),
  issueName: z.string(),
  pubDate: z.string(),
  type: z.enum(['magazine', 'newspaper', 'journal']),
  cover: z.string().nullable(),
  /** The cover at each width the tiles use ("a.webp 1x, b.webp 2x, c.webp 3x"): a download keeps
   * them all, so its tiles stay sharp offline. Absent in a copy downloaded before. */
  coverSrcSet: z.string().nullable().optional(),
  pages: z.array(ReaderPage),
  progress: Progress,
});
export type IssueManifest = z.infer<typeof IssueManifest>;

export const PageText = z.object({ n: z.number().int(), text: z.string() });
export type PageText = z.infer<typeof PageText>;

/** The reader's pages under /content/reader: the issue, a page, a page's rendition, and the
 * reader token in the query (the whole check: these take no signed-in user). */
export const IssueParams = z.object({ issueId: id });
export const PageParams = IssueParams.extend({ page: pageNo });
export const PageImageParams = PageParams.extend({ size: z.enum(['small.webp', 'large.webp', 'xlarge.webp']) });
export const ReaderCodeQuery = z.object({ code: raw().max(2000).optional() });

/** `at`: when the page was reached on the device (epoch ms); the newest progress wins. */
export const ProgressBody = z.object({ issueId: id, page: pageNo, at: epochMs.optional() });

/** Where a read happened: the web app, or inside a Smart Reading Zone. */
export const EVENT_SOURCES = ['web', 'zone'] as const;
export const ReaderEvent = z.object({
  kind: z.enum(['issue_open', 'page_view']),
  issueId: id,
  page: pageNo.optional(),
  /** When it happened on the device (milliseconds since the epoch): events made offline arrive later. */
  at: epochMs,
  source: z.enum(EVENT_SOURCES).default('web'),
});
export type ReaderEvent = z.input<typeof ReaderEvent>;
export const ReaderEventsBody = z.object({ events: z.array(ReaderEvent).min(1).max(READER_EVENTS_MAX) });
export const ReaderEventsReply = z.object({ status: z.literal(1), stored: z.number().int() });

/** A device: a random id the browser keeps, so limits count devices without fingerprinting. */
export const DeviceId = z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'expected a device id');

export const DownloadBody = z.object({ issueId: id, deviceId: DeviceId });
export const RemoveDownloadsBody = z.object({ deviceId: DeviceId, issueIds: z.array(id).max(1000).optional() });

export const DownloadLimits = z.object({
  /** Issues downloaded at once, over all the reader's devices. */
  issues: z.number().int(),
  /** Devices holding downloads. */
  devices: z.number().int(),
});
export const DownloadsReply = z.object({
  /** Whether the reader may still read downloads (false: remove them from this device). */
  allowed: z.boolean(),
  /** Why not, when not allowed: an error code of the reader token. */
  reason: z.string().nullable(),
  /** Issues this device holds as far as the server knows. */
  issueIds: z.array(z.number().int()),
  used: DownloadLimits,
  limits: DownloadLimits,
});
export type DownloadsReply = z.infer<typeof DownloadsReply>;
export const DownloadReply = DownloadsReply.extend({
  /** A reader token for fetching the issue's pages. */
  code: z.string(),
  expiresAt: z.number().int(),
});
export type DownloadReply = z.infer<typeof DownloadReply>;

export const DownloadsQuery = z.object({ deviceId: DeviceId });
