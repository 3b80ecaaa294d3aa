// What the console's calls answer besides success.
/** What any console call may answer besides success (console-guard's checks and the input's). */
export const errors = [400, 401, 403, 404, 409, 429] as const;
/** An uploaded file's too big or of the wrong type. */
export const fileErrors = [...errors, 413, 415] as const;
/** The logo's drawing service can also be busy. */
export const brandingErrors = [...fileErrors, 503] as const;
