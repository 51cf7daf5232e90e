/** Saves text as a file through a temporary link, with nothing sent anywhere. */
export function downloadText(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file to the browser; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
