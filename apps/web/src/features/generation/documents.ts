import {
  constants,
  documentExtensions,
  messages,
  type DocumentResult,
  type Project,
  type ProjectDetails,
} from '@keywright/contract';
import { generatorFieldLabels, type GeneratorFormValues } from './generator-form';

/**
 * What the upload area offers in the browser's file dialog and takes on a drop: each type by its
 * MIME type and its extension (a .md file often comes without a MIME type, so the extension counts).
 */
export const documentAccept: Record<string, string[]> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/plain': ['.txt'],
  'application/pdf': ['.pdf'],
  'application/vnd.ms-powerpoint': ['.ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'text/markdown': ['.md'],
};

/** The types as people read them: ".docx, .txt, .pdf, .ppt, .pptx or .md". */
export const documentTypesText = `${documentExtensions.slice(0, -1).join(', ')} or ${documentExtensions.at(-1)}`;

export interface PickedFile {
  name: string;
  size: number;
}

export type FileCheck<F extends PickedFile> =
  | { tooMany: true }
  | {
      tooMany: false;
      /** The files to send to the server, in the order picked. */
      accepted: F[];
      /** Files the browser already knows the server would refuse, each with its reason. */
      refused: DocumentResult[];
    };

function hasDocumentExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return documentExtensions.some((extension) => lower.endsWith(extension));
}

/**
 * The checks before an upload (SPEC 5): more than 10 files is refused as a whole ('Too many
 * files'); otherwise each file must have one of the document extensions (the server reads by
 * extension) and be at most 20 MB. Refused files are reported by name, like the server's.
 */
export function checkDocumentFiles<F extends PickedFile>(files: readonly F[]): FileCheck<F> {
  if (files.length > constants.maxUploadFiles) return { tooMany: true };
  const accepted: F[] = [];
  const refused: DocumentResult[] = [];
  for (const file of files) {
    if (!hasDocumentExtension(file.name)) {
      refused.push({
        name: file.name,
        read: false,
        problem: 'unsupported_type',
        message: messages.unsupportedDocumentType(file.name),
      });
    } else if (file.size > constants.maxDocumentBytes) {
      refused.push({
        name: file.name,
        read: false,
        problem: 'too_large',
        message: messages.documentTooLarge(file.name),
      });
    } else if (file.size === 0) {
      refused.push({ name: file.name, read: false, problem: 'empty', message: messages.documentEmpty(file.name) });
    } else {
      accepted.push(file);
    }
  }
  return { tooMany: false, accepted, refused };
}

type DetailField = keyof ProjectDetails;

/** Fields a person sets for the whole project: a document never replaces what is there. */
const placeFields = ['country', 'city', 'language'] as const satisfies readonly DetailField[];
export type PlaceField = (typeof placeFields)[number];
/** Fields a document describes better than a quick line typed before the upload. */
const describedFields = ['projectName', 'siteUrl', 'targetAudience', 'productService'] as const;

export interface FillOutcome {
  values: GeneratorFormValues;
  /** Labels of the fields the documents changed, in form order. */
  filled: string[];
  /** Place fields kept as they were although the documents say otherwise. */
  kept: Array<{ label: string; value: string; found: string }>;
}

function joinCompetitors(typed: string, found: string): string {
  const names: string[] = [];
  for (const name of `${typed},${found}`.split(',')) {
    const trimmed = name.trim();
    if (trimmed && !names.some((known) => known.toLowerCase() === trimmed.toLowerCase())) names.push(trimmed);
  }
  return names.join(', ');
}

export function isPlaceField(field: string): field is PlaceField {
  return (placeFields as readonly string[]).includes(field);
}

/** A project's own country, city and language (those it has) count as chosen. */
export function chosenProjectPlaces(project: Pick<Project, PlaceField>): PlaceField[] {
  return placeFields.filter((field) => project[field].trim() !== '');
}

/**
 * The form filled from documents' details (SPEC 5: "Extracted details fill the form but never
 * overwrite a non-empty country, city or language"):
 * - Project Name, Site URL, Target Audience and Product/Service Description take what the
 *   documents found; a field the documents say nothing about keeps what was typed.
 * - Competitors: the typed names and the found ones, each once (nothing typed is lost).
 * - Country, City, Language: a value the person chose (typed, or the project's own) is never
 *   overwritten; it is reported when the documents name another, so the person can change it. The
 *   form's untouched defaults (United States, California, English) are no one's choice: the
 *   documents' place replaces them, and a default city that the documents' country leaves
 *   behind is cleared rather than sent as "Germany, California".
 * Keyword count and length are not in documents and never change.
 */
export function fillFromDocuments(
  current: GeneratorFormValues,
  details: ProjectDetails,
  chosen: ReadonlySet<PlaceField> = new Set(placeFields),
): FillOutcome {
  const values = { ...current };
  const filled = new Set<DetailField>();
  const kept: FillOutcome['kept'] = [];

  for (const field of describedFields) {
    const found = details[field].trim();
    if (found && found !== current[field].trim()) {
      values[field] = found;
      filled.add(field);
    }
  }

  const competitors = joinCompetitors(current.competitors, details.competitors);
  if (competitors !== joinCompetitors(current.competitors, '')) {
    values.competitors = competitors;
    filled.add('competitors');
  }

  const isChosen = (field: PlaceField) => current[field].trim() !== '' && chosen.has(field);
  for (const field of placeFields) {
    const found = details[field].trim();
    const now = current[field].trim();
    if (!found) continue;
    if (!isChosen(field)) {
      if (now !== found) {
        values[field] = found;
        filled.add(field);
      }
    } else if (now.toLowerCase() !== found.toLowerCase()) {
      kept.push({ label: generatorFieldLabels[field], value: now, found });
    }
  }
  // A new country with no city of its own: the default city belonged to the default country.
  if (filled.has('country') && !details.city.trim() && !isChosen('city') && values.city.trim()) {
    values.city = '';
    filled.add('city');
  }

  const order = Object.keys(generatorFieldLabels) as Array<keyof GeneratorFormValues>;
  return {
    values,
    filled: order.filter((field) => filled.has(field as DetailField)).map((field) => generatorFieldLabels[field]),
    kept,
  };
}

/** "1 of 3 files read" / "All 2 files read" / "1 file read". */
export function readSummary(results: readonly DocumentResult[]): string {
  const read = results.filter((result) => result.read).length;
  const total = results.length;
  const noun = (count: number) => (count === 1 ? 'file' : 'files');
  if (total === 1) return read === 1 ? '1 file read' : 'The file could not be read';
  if (read === total) return `All ${total} ${noun(total)} read`;
  return `${read} of ${total} ${noun(total)} read`;
}

export type DriveFileKind = 'document' | 'presentation' | 'pdf' | 'text';

/** The picker's icon for a Drive file's type (Google Docs and Slides too). */
export function driveFileKind(mimeType: string, name = ''): DriveFileKind {
  const type = mimeType.toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (type.includes('presentation') || type.includes('powerpoint')) return 'presentation';
  if (type.startsWith('text/')) return 'text';
  if (type.includes('document') || type.includes('word')) return 'document';
  const lower = name.toLowerCase();
  if (lower.endsWith('.pdf')) return 'pdf';
  if (lower.endsWith('.ppt') || lower.endsWith('.pptx')) return 'presentation';
  if (lower.endsWith('.txt') || lower.endsWith('.md')) return 'text';
  return 'document';
}

/** A type name for people (and the icon's accessible text). */
export const driveFileKindLabels: Record<DriveFileKind, string> = {
  document: 'Document',
  presentation: 'Presentation',
  pdf: 'PDF',
  text: 'Text',
};

/**
 * Runs `work` over `items`, at most `limit` at a time, calling `onSettled` with the number done
 * after each; answers the outcomes in the items' order.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  onSettled?: (done: number) => void,
): Promise<Array<PromiseSettledResult<R>>> {
  const outcomes: Array<PromiseSettledResult<R>> = new Array(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        outcomes[index] = { status: 'fulfilled', value: await work(items[index]!) };
      } catch (reason) {
        outcomes[index] = { status: 'rejected', reason };
      }
      done += 1;
      onSettled?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return outcomes;
}
