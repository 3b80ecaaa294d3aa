// Titles (admins): the catalogue's titles and their identifiers.
import { get, post } from '../endpoint';
import { ConsoleTitle, ConsoleTitlesQuery, ConsoleTitlesReply, TitleIdentifiersBody, TitleParams } from '../../schemas/console-titles';
import { errors } from './errors';

export const consoleTitles = get('/api/console/titles', { query: ConsoleTitlesQuery, reply: ConsoleTitlesReply, errors });
export const consoleTitlesIdentifiers = post('/api/console/titles/:mid/identifiers', {
  params: TitleParams,
  body: TitleIdentifiersBody,
  reply: ConsoleTitle,
  errors,
});
