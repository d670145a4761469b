import { AppError } from '../../src/lib/errors';

/** What reading the bytes throws, as the API would answer it. */
export function refusal(read: () => unknown): { code: string; message: string } {
  try {
    read();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the file was read');
}

export const refused = (message: string) => ({ code: 'validation_error', message });
