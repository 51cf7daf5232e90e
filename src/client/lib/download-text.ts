/** Saves text as a file through a temporary link, with nothing sent anywhere. */
export function downloadText(fileName: string, text: string) {
  downloadBlob(fileName, new Blob([text], { type: 'text/plain;charset=utf-8' }))
}

/** Saves a file the app holds (text it made, or a download it fetched) through a temporary link. */
export function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file to the browser; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
