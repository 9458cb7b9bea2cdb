/**
 * The answers of an organization's two lookups: a short ID's (GET …/shortids/{short_id}/, the issue
 * with its organization and project) and an event ID's (GET …/eventids/{event_id}/, its project,
 * issue and event). Objects are loose, as every schema of the model: unknown fields are kept. The
 * event the event-ID lookup carries is not read here (the panel reads it, masked, when shown).
 * Shapes from Sentry's source: src/sentry/issues/endpoints/organization_shortid.py and
 * src/sentry/api/endpoints/organization_eventid.py. No `vscode` import.
 */
import * as z from '../z';
import { IssueSchema } from './schema';

/** `{organizationSlug, projectSlug, groupId, group, shortId}`. */
export const ShortIdLookupSchema = z.lazySchema(() => z.looseObject({ organizationSlug: z.string(), projectSlug: z.string(), groupId: z.string(), group: IssueSchema, shortId: z.string() }));
/** `{organizationSlug, projectSlug, groupId, eventId, event}`. */
export const EventIdLookupSchema = z.lazySchema(() => z.looseObject({ organizationSlug: z.string(), projectSlug: z.string(), groupId: z.string(), eventId: z.string() }));
