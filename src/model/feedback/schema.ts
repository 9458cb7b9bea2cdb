/**
 * The envelope of an issue's user reports (`GET /organizations/{org}/issues/{id}/user-reports/`):
 * any JSON, read by the one reader of feedback (./feedback.ts), which keeps the reports it can read.
 * No `vscode` import.
 */
import * as z from '../z';

/** A list of UserReportSerializer objects; ./feedback.ts reads it. */
export const UserReportsBodySchema = z.lazySchema(() => z.unknown());
