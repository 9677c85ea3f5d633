/**
 * A multipart body: the text fields first (the server parses them before it stores any file),
 * then the files. Booleans are sent as 'true' / 'false'; empty values are left out.
 */
export function toFormData(values: Record<string, unknown>, files: { field: string; files: File[] }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    data.append(name, String(value));
  }
  for (const file of files.files) data.append(files.field, file, file.name);
  return data;
}
