import { fileURLToPath } from 'node:url';

/**
 * The shared fixtures (real documents and datasets written by others, see SOURCES.md), in the
 * `shared` directory beside the repository, as CI has it.
 */
export const sharedFixtures = (relative: string) =>
  fileURLToPath(new URL(`../../../../../shared/fixtures/${relative}`, import.meta.url));
