import * as XLSX from '@e965/xlsx';
import { germanMediumDateTime } from '@portal/domain/rules/berlin-date';
import { formatCsv } from '@portal/domain/rules/csv';
import type { UserListItem } from '@portal/domain/schemas/user';

const HEADERS = [
  'Nachname',
  'Vorname',
  'E-Mail',
  'Unternehmen',
  'Anzahl Anmeldungen',
  'Letzte Anmeldung',
] as const;

function berlinDateTime(iso: string | null): string {
  if (!iso) return '';
  return germanMediumDateTime(new Date(iso));
}

function toRows(users: UserListItem[], withCompany: boolean): string[][] {
  const headers = HEADERS.filter((header) => withCompany || header !== 'Unternehmen');
  const rows = users.map((user) => {
    const cells = [
      user.lastname,
      user.name,
      user.mail,
      user.company.name,
      String(user.loginCounter),
      berlinDateTime(user.lastLoginAt),
    ];
    return withCompany ? cells : cells.filter((_, index) => index !== 3);
  });
  return [headers as unknown as string[], ...rows];
}

/**
 * SPEC §9 CSV: UTF-8 with byte-order mark, every cell quoted (semicolon, as Excel in Germany expects). Names
 * come from self-registration, so a would-be formula is neutralised by the shared writer (ASVS 1.2.10).
 */
export function usersToCsv(users: UserListItem[], withCompany: boolean): Buffer {
  return Buffer.from(formatCsv(toRows(users, withCompany), ';'), 'utf8');
}

/** The visible columns of the user list as an Excel workbook. */
export function usersToXlsx(users: UserListItem[], withCompany: boolean): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(toRows(users, withCompany));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Nutzer');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
