/**
 * Who administers this Keywright: the e-mail addresses `ADMIN_EMAILS` names (comma separated,
 * any case). Only they are told which server settings turn a missing feature on; everyone else
 * is told to ask their administrator. Unset: nobody (the README names the settings).
 */
export function administratorCheck(adminEmails: string | undefined): (email: string) => boolean {
  const emails = new Set(
    (adminEmails ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ''),
  );
  return (email) => emails.has(email.trim().toLowerCase());
}
