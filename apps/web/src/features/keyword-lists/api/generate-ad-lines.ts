import { buildPath, endpoints, type AdCopyInput, type AdLineKind } from '@keywright/contract';
import { downloadPostedFile } from '@/lib/download';

const endpointOf = { headlines: endpoints.generateHeadlines, descriptions: endpoints.generateDescriptions } as const;

/** Twenty headlines or descriptions written from a list's brief, downloaded as the server's CSV. */
export const downloadAdLines = (kind: AdLineKind, input: AdCopyInput) =>
  downloadPostedFile(buildPath(endpointOf[kind].path), input, `${kind}.csv`);
