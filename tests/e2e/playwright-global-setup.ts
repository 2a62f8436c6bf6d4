import { createPgliteTemplate, pgliteTemplateVariable } from '../helpers/database-template';
import buildClient from './global-setup';

/**
 * Playwright's global setup: the SPA built once and the migrated database template saved once for
 * every browser test. Workers inherit this process's environment, so the template's path goes there.
 */
export default async function setup(): Promise<() => void> {
  const [template] = await Promise.all([createPgliteTemplate(), buildClient()]);
  process.env[pgliteTemplateVariable] = template.file;
  return template.remove;
}
