// Saves what the console fetched (a CSV, a report) as a file the browser downloads.
export function saveFile(data: Blob, fileName: string): void {
  const url = URL.createObjectURL(data);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
