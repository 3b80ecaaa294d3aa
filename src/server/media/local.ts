// Media in a local directory: public files at $MEDIA_DIR/<name>, page images at
// $MEDIA_DIR/pages/<name> (never served by /media, which takes plain names only), staging at
// $MEDIA_DIR/.incoming/<run>/<area>/ (inside the same volume, so moving a file in is a rename).
import fs from 'node:fs';
import path from 'node:path';
import {
  type Area,
  type Entry,
  type MediaStorage,
  type OpenRequest,
  type Opened,
  type Staging,
  MEDIA_SLICE,
  inSlices,
  mediaName,
  newRunId,
  parseRange,
  STAGING_DIR,
} from './storage';

export const PAGES_SUBDIR = 'pages';

/** Write then rename, so a crash never leaves a half-written file under a valid name; a failed
 * write (a full volume) removes its part, which would otherwise hold the space until the sweep. */
function writeAtomic(file: string, bytes: Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, bytes);
    fs.renameSync(tmp, file);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export class LocalStorage implements MediaStorage {
  readonly kind = 'local' as const;
  constructor(readonly mediaDir: string) {}

  dir(area: Area): string {
    return area === 'public' ? this.mediaDir : path.join(this.mediaDir, PAGES_SUBDIR);
  }

  async save(area: Area, bytes: Uint8Array, ext: string): Promise<string> {
    const name = mediaName(bytes, ext);
    const file = path.join(this.dir(area), name);
    if (!fs.existsSync(file)) writeAtomic(file, bytes);
    return name;
  }

  async write(area: Area, name: string, bytes: Uint8Array): Promise<void> {
    writeAtomic(path.join(this.dir(area), path.basename(name)), bytes);
  }

  async read(area: Area, name: string): Promise<Buffer | null> {
    try {
      return fs.readFileSync(path.join(this.dir(area), path.basename(name)));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async open(area: Area, name: string, req: OpenRequest = {}): Promise<Opened | null> {
    const file = path.join(this.dir(area), path.basename(name));
    let st: fs.Stats;
    try {
      st = fs.statSync(file);
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
    if (!st.isFile()) return null;
    const etag = `"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
    const base = { etag, lastModified: st.mtime, size: st.size };
    if (req.ifNoneMatch && req.ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return { ...base, status: 304 };
    const range = parseRange(req.range, st.size);
    if (range === 'unsatisfiable') return { ...base, status: 416, contentRange: `bytes */${st.size}` };
    if (range)
      return {
        ...base,
        status: 206,
        contentRange: `bytes ${range.start}-${range.end}/${st.size}`,
        length: range.end - range.start + 1,
        body: fs.createReadStream(file, range),
      };
    return { ...base, status: 200, length: st.size, body: fs.createReadStream(file) };
  }

  async stage(): Promise<Staging> {
    const runDir = path.join(this.mediaDir, STAGING_DIR, newRunId());
    fs.mkdirSync(runDir, { recursive: true });
    const staged: { area: Area; name: string }[] = [];
    const added: string[] = [];
    return {
      save: async (area, bytes, ext) => {
        const name = mediaName(bytes, ext);
        const file = path.join(runDir, area, name);
        if (!fs.existsSync(file)) {
          writeAtomic(file, bytes);
          staged.push({ area, name });
        }
        return name;
      },
      commit: async () => {
        for (const { area, name } of staged) {
          const to = path.join(this.dir(area), name);
          if (fs.existsSync(to)) continue; // content-addressed: the same bytes are already there
          fs.mkdirSync(path.dirname(to), { recursive: true });
          fs.renameSync(path.join(runDir, area, name), to);
          added.push(to);
        }
      },
      rollback: async () => {
        for (const file of added) fs.rmSync(file, { force: true });
      },
      discard: async () => {
        fs.rmSync(runDir, { recursive: true, force: true });
        try {
          fs.rmdirSync(path.dirname(runDir)); // the .incoming folder too, unless another run stages there
        } catch {
          // not empty: another ingest is running
        }
      },
    };
  }

  async list(area: Area): Promise<Entry[]> {
    const dir = this.dir(area);
    if (!fs.existsSync(dir)) return [];
    const entries: Entry[] = [];
    await inSlices(await fs.promises.opendir(dir, { bufferSize: MEDIA_SLICE }), (e) => {
      if (!e.isFile()) return;
      const stat = fs.statSync(path.join(dir, e.name), { throwIfNoEntry: false }); // (removed meanwhile)
      if (stat) entries.push({ name: e.name, modified: stat.mtimeMs });
    });
    return entries;
  }

  async remove(area: Area, names: string[]): Promise<void> {
    await inSlices(names, (name) => fs.rmSync(path.join(this.dir(area), path.basename(name)), { force: true }));
  }

  async listStaged(): Promise<Entry[]> {
    const staging = path.join(this.mediaDir, STAGING_DIR);
    if (!fs.existsSync(staging)) return [];
    return fs.readdirSync(staging).map((run) => ({ name: run, modified: fs.statSync(path.join(staging, run)).mtimeMs }));
  }

  async removeStaged(run: string): Promise<void> {
    fs.rmSync(path.join(this.mediaDir, STAGING_DIR, path.basename(run)), { recursive: true, force: true });
  }

  async check() {
    const probe = path.join(this.mediaDir, `.check-${process.pid}`);
    try {
      // A real write: a full or read-only volume passes an access check (and root passes any).
      fs.mkdirSync(this.mediaDir, { recursive: true });
      fs.writeFileSync(probe, 'ok');
      fs.rmSync(probe);
      return { ok: true as const };
    } catch (err) {
      try {
        fs.rmSync(probe, { force: true }); // on a full volume the empty probe file was made
      } catch {
        // no directory to clean: the directory itself is what is wrong
      }
      return { ok: false as const, error: `media directory ${this.mediaDir}: ${(err as Error).message}` };
    }
  }
}
