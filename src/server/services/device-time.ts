/** When a change was made on the device (`at`, epoch ms), for "newest change wins": a clock ahead
 * of ours counts as now, so a device cannot make its change win for ever; no time means now. */
export function deviceTime(at: number | undefined, now = Date.now()): Date {
  return new Date(Math.min(at ?? now, now));
}
