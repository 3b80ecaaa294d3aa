// Why a console change could not be made: the route turns it into a 4xx with this code (which the
// app translates) and message.
export type Refusal = { refused: 400 | 404 | 409; code: string; message: string };

export const refuse = (status: Refusal['refused'], code: string, message: string): Refusal => ({ refused: status, code, message });

export const isRefusal = (r: unknown): r is Refusal => typeof r === 'object' && r !== null && 'refused' in r;
